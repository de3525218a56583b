import { registerTexts } from '../../i18n/index.js';
import en from './i18n/duplicates.en.json';
import fr from './i18n/duplicates.fr.json';

// The duplicate texts (issue 34 item 3) travel with the screens that show them: the complaint form's
// hints and the staff's complaint screen.
registerTexts({ en, fr });

/** Imported by each module that shows a duplicates text, so they are registered before it renders. */
export const duplicatesTexts = true;
