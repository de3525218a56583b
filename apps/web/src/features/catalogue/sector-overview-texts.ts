import { registerTexts } from '../../i18n/index.js';
import en from './i18n/sector-overview.en.json';

// A sector's overview in Browse Restrictions, in the chunk of the sector's parts (sector-parts.ts).
// The French in a chunk of its own, fetched when French is first needed (texts.ts).
registerTexts({ en, fr: () => import('./i18n/sector-overview.fr.json').then((module) => module.default) });
