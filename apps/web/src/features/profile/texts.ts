import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The profile screen's words travel with its chunk, not the first load.
registerTexts({ en, fr });
