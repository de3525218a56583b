import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

registerTexts({ en, fr });

/** Imported by every audit-log module (and the dashboard's recent changes), so its texts are registered. */
export const auditLogTexts = true;
