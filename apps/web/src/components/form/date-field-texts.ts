import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The date fields' words (placeholder, calendar button) travel with the screens that have a date field.
registerTexts({ en, fr });

/** Imported by the date field and the date picker, so their texts are registered before they render. */
export const dateFieldTexts = true;
