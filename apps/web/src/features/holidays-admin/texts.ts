import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The holiday screen's words travel with its chunk (see registerTexts).
registerTexts({ en, fr });

/** Imported by every module of the screen, so its texts are registered before it renders. */
export const holidaysAdminTexts = true;
