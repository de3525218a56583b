import '../complaints/texts.js';
import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The staff screens use the complaints texts too (statuses, stages, the detail's labels).
registerTexts({ en, fr });

/** Imported by every manage-complaints screen module, so its texts are registered before it renders. */
export const manageComplaintsTexts = true;
