import { registerTexts } from '../../i18n/index.js';
import en from './i18n/feedback.en.json';
import fr from './i18n/feedback.fr.json';

// The feedback question's texts (issue 34 item 4) travel with the complaint page's chunk, as the rest of
// the complaints screens' texts do (texts.ts).
registerTexts({ en, fr });
