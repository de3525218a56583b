import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The indicators' texts travel with their chunks: both screens import this file.
registerTexts({ en, fr });
