import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The admin screens' shared words travel with the admin chunks, not the first load.
registerTexts({ en, fr });

/** Imported by every module of the admin kit, so its texts are registered before it renders. */
export const adminTexts = true;
