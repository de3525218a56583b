import { registerTexts } from '../../i18n/index.js';
import '../catalogue/restriction-texts.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// Manage restrictions' words travel with its chunks; the field names come from the catalogue's
// restriction texts.
registerTexts({ en, fr });

/** Imported by every module of the screens, so their texts are registered before they render. */
export const manageRestrictionsTexts = true;
