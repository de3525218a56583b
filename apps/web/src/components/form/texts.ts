import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The password and date fields' words travel with the screens that have one, not the first load.
registerTexts({ en, fr });
