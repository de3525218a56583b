import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

registerTexts({ en, fr });

/** Imported by the dashboard's modules, so its texts are registered before they render. */
export const dashboardTexts = true;
