import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The catalogue's texts travel with its chunks: every screen module of the feature imports this file.
registerTexts({ en, fr });
