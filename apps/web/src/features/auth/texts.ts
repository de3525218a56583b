import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The sign-in, sign-up and password screens' words travel with their chunks, not the first load.
registerTexts({ en, fr });
