import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The commitments screens' words travel with their chunk (see registerTexts).
registerTexts({ en, fr });

/** Imported by every module of the screens, so their texts are registered before they render. */
export const commitmentsTexts = true;
