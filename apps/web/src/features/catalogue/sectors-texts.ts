import { registerTexts } from '../../i18n/index.js';
import en from './i18n/sectors.en.json';

// The sectors screen's texts, in its chunk.
// The French in a chunk of its own, fetched when French is first needed (texts.ts).
registerTexts({ en, fr: () => import('./i18n/sectors.fr.json').then((module) => module.default) });
