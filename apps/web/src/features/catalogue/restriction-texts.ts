import { registerTexts } from '../../i18n/index.js';
import en from './i18n/restriction.en.json';

// A restriction's texts (its view, history and field names; Manage restrictions uses them too).
// The French in a chunk of its own, fetched when French is first needed (texts.ts).
registerTexts({ en, fr: () => import('./i18n/restriction.fr.json').then((module) => module.default) });
