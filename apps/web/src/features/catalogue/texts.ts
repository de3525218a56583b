import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The catalogue's texts travel with the code that shows them, so a screen downloads its own words only
// (the JavaScript budget, issue 30): browse-texts.ts, restriction-texts.ts, sector-overview-texts.ts and
// sectors-texts.ts, each imported by the modules that use it, their French in a chunk of its own fetched
// when French is first needed. This file holds the two words of the parts browse and a restriction
// share (result-parts.tsx), in both languages: a French chunk of them would cost more than it saves.
registerTexts({ en, fr });
