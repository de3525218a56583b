import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The users, groups and sessions screens' words travel with their chunks (see registerTexts).
registerTexts({ en, fr });

/** Imported by every module of the area, so its texts are registered before it renders. */
export const adminUsersTexts = true;
