import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';

// The catalogue's texts travel with its chunks: every screen module of the feature imports this file.
// The French ones in a chunk of their own, fetched when French is first needed (browse and a restriction
// are weighed by the JavaScript budget; about 1.9 KB compressed an English reader does not download).
registerTexts({ en, fr: () => import('./i18n/fr.json').then((module) => module.default) });
