import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The Performance page's texts travel with its chunk (see registerTexts).
registerTexts({ en, fr });

/** Imported by the Performance screen's modules, so its texts are registered before it renders. */
export const performanceTexts = true;
