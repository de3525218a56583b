import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The texts of the public content screens (pages, About Us, SMS how-to, notifications, publications)
// travel with their chunks: every screen module of these features imports this file.
registerTexts({ en, fr });
