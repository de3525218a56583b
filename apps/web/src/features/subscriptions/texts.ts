import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The alerts' texts travel with the chunks that show them.
registerTexts({ en, fr });
