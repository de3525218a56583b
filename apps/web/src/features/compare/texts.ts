import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The comparison's texts travel with its chunk.
registerTexts({ en, fr });
