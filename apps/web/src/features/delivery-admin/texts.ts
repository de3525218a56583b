import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

registerTexts({ en, fr });

/** Imported by every delivery-admin module, so its texts are registered before they render. */
export const deliveryTexts = true;
