import { registerTexts } from '../../i18n/index.js';
import en from './i18n/confidentiality.en.json';
import fr from './i18n/confidentiality.fr.json';

// The confidentiality texts (issue 34 item 5) travel with the screens that show them: the applicant's
// complaint page and form, the staff's complaint screens and the audit views.
registerTexts({ en, fr });

/** Imported by each module that shows a confidentiality text, so they are registered before it renders. */
export const confidentialityTexts = true;
