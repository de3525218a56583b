import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The complaints screens' words travel with their chunk (see registerTexts).
registerTexts({ en, fr });

/** Imported by every complaints screen module, so its texts are registered before it renders. */
export const complaintsTexts = true;
