import { registerTexts } from '../../i18n/index.js';
import en from './i18n/browse.en.json';

// Browse Restrictions' texts (its search, filters, results and downloads), in the browse screen's chunk.
// The French in a chunk of its own, fetched when French is first needed (texts.ts).
registerTexts({ en, fr: () => import('./i18n/browse.fr.json').then((module) => module.default) });
