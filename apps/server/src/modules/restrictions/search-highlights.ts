import type { THighlightSegment, TRestrictionHighlight } from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { entryOverhead, stringBytes } from '../../lib/lru-map.js';

/**
 * A browse page's search highlights, marked in the server (docs/catalogue.md, "Highlights").
 *
 * PostgreSQL decides what matches, as it decides what is found: a search's lexemes are those of its
 * `websearch_to_tsquery` in English and in French (`querytree`, once per search, with its matches),
 * and a word's lexemes those of `to_tsvector` in each language (once per distinct word, kept in a
 * bounded lexicon). A word is marked when one of its lexemes is one of the search's in the same
 * language. The server then does what `ts_headline` did with the portal's options: the title whole,
 * and the text of measure cut to at most two fragments of at most 24 words around the marked words,
 * joined by " … ". The texts are the visitor's language's (issue 33 item 5: a French visitor's are the
 * French title and text where translated, each English where not), and so is the first language tried:
 * the other only when the first marks nothing in the title or the text.
 * A page whose words are all known needs no round trip to the database.
 */

export interface SearchLexemes {
  en: ReadonlySet<string>;
  fr: ReadonlySet<string>;
}

export type Language = keyof SearchLexemes;
/** The languages tried in turn, the visitor's first. */
const languagesFor: Record<Language, Language[]> = { en: ['en', 'fr'], fr: ['fr', 'en'] };

const maxWords = 24;
const maxFragments = 2;
const fragmentDelimiter = ' … ';
/** The lexicon's bytes at most (about 200 bytes a word: some 40,000 words). */
const lexiconBytes = 8 << 20;

/** The lexemes of a `querytree` text such as `'foreign' & 'bank' <-> 'licenc'` (quotes doubled inside). */
function lexemesOfQueryTree(tree: string | null | undefined): Set<string> {
  const lexemes = new Set<string>();
  for (const [, quoted] of (tree ?? '').matchAll(/'((?:[^']|'')*)'/g))
    lexemes.add(quoted!.replace(/''/g, "'"));
  return lexemes;
}

/** The SQL of a search's lexemes in both languages (one row: `en`, `fr` as `querytree` texts). */
export function searchLexemesSql(q: string) {
  return sql`select querytree(websearch_to_tsquery('english', ${q})) as en, querytree(websearch_to_tsquery('french', ${q})) as fr`;
}

/** A search's lexemes from its `searchLexemesSql` row (none when it has no row). */
export function searchLexemesOf(row: { en: string | null; fr: string | null } | undefined): SearchLexemes {
  return { en: lexemesOfQueryTree(row?.en), fr: lexemesOfQueryTree(row?.fr) };
}

/** Stored markup such as `<b>`, which the text search parser reads as tags and `ts_headline` left out. */
const tagPattern = /<\/?[A-Za-z][^<>]*>/g;
/** A word as the text search parser splits them (letters and digits; hyphens and apostrophes split). */
const wordPattern = /[\p{L}\p{N}]+/gu;

interface Word {
  start: number;
  end: number;
  /** Lower case: the lexicon's key. */
  key: string;
}

/** A text split into its words once, for both the lexicon's lookup and the marking. */
export interface WordedText {
  text: string;
  words: Word[];
}

export function wordedText(text: string): WordedText {
  const words = Array.from(text.matchAll(wordPattern), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
    key: match[0].toLowerCase(),
  }));
  return { text, words };
}

/**
 * Each distinct word's lexemes in English and French, as PostgreSQL's `to_tsvector` gives them. A plain
 * map read thousands of times a page (an LRU's reordering on every read cost more than the marking);
 * when full it starts again, which a catalogue's vocabulary should never make it do.
 */
export class Lexicon {
  private readonly entries = new Map<string, Record<Language, string[]>>();
  private total = 0;

  /** Words known and the bytes they take, as counted. */
  get usage(): { words: number; bytes: number } {
    return { words: this.entries.size, bytes: this.total };
  }

  /** Asks the database for the lexemes of the words of some texts not known yet, in one statement. */
  async learn(db: Executor, texts: WordedText[]): Promise<void> {
    const unknown = new Set<string>();
    for (const { words } of texts) for (const { key } of words) if (!this.entries.has(key)) unknown.add(key);
    if (unknown.size === 0) return;
    const words = [...unknown];
    const result = (await db.execute(sql`select w.value as word,
        array(select lexeme from unnest(to_tsvector('english', w.value))) as en,
        array(select lexeme from unnest(to_tsvector('french', w.value))) as fr
      from json_array_elements_text(${JSON.stringify(words)}::json) as w`)) as {
      rows: { word: string; en: string[]; fr: string[] }[];
    };
    // Another request may have learnt some of these words meanwhile.
    const fresh = result.rows.filter((row) => !this.entries.has(row.word));
    const weightOf = ({ word, en, fr }: { word: string; en: string[]; fr: string[] }) =>
      entryOverhead * 2 +
      stringBytes(word) +
      [...en, ...fr].reduce((sum, lexeme) => sum + 24 + stringBytes(lexeme), 0);
    const added = fresh.reduce((sum, row) => sum + weightOf(row), 0);
    // Full: it starts again (a catalogue's vocabulary should not fill it).
    if (this.total + added > lexiconBytes) {
      this.entries.clear();
      this.total = 0;
    }
    for (const { word, en, fr } of fresh) this.entries.set(word, { en, fr });
    this.total += added;
  }

  matches(word: Word, language: Language, search: SearchLexemes): boolean {
    const lexemes = this.entries.get(word.key)?.[language];
    return lexemes !== undefined && lexemes.some((lexeme) => search[language].has(lexeme));
  }
}

const lexicons = new WeakMap<object, Lexicon>();

/** The lexicon kept for one database (lexemes depend on its text search configuration). */
export function lexiconOf(db: Executor): Lexicon {
  let lexicon = lexicons.get(db);
  if (!lexicon) {
    lexicon = new Lexicon();
    lexicons.set(db, lexicon);
  }
  return lexicon;
}

/** The text of measure as it is searched and shown in a highlight: stored tags left out. */
export function searchableText(text: string | null): string {
  return (text ?? '').replace(tagPattern, '');
}

/** Adds a piece of text to some segments, joined to the last one when both are plain. */
function pushSegment(segments: THighlightSegment[], piece: string, match: boolean) {
  if (piece === '') return;
  const last = segments.at(-1);
  if (last && !last.match && !match) last.text += piece;
  else segments.push({ text: piece, match });
}

/** `text` from `from` to `to` as segments, the words at `marked` positions matching. */
function segmentsOf(
  segments: THighlightSegment[],
  text: string,
  words: Word[],
  marked: boolean[],
  from: number,
  to: number,
) {
  const push = (piece: string, match: boolean) => pushSegment(segments, piece, match);
  let at = from;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    if (word.start < from || word.end > to || !marked[i]) continue;
    push(text.slice(at, word.start), false);
    push(text.slice(word.start, word.end), true);
    at = word.end;
  }
  push(text.slice(at, to), false);
  return segments;
}

/** Word ranges `[first, last]` of at most two fragments of at most 24 words, the most marked first chosen. */
function fragmentRanges(marked: boolean[]): [number, number][] {
  const hits = marked.flatMap((isMarked, i) => (isMarked ? [i] : []));
  const groups: { first: number; last: number; hits: number }[] = [];
  for (let i = 0; i < hits.length;) {
    let j = i;
    while (j + 1 < hits.length && hits[j + 1]! - hits[i]! < maxWords) j += 1;
    groups.push({ first: hits[i]!, last: hits[j]!, hits: j - i + 1 });
    i = j + 1;
  }
  const chosen = [...groups]
    .sort((a, b) => b.hits - a.hits || a.first - b.first)
    .slice(0, maxFragments)
    .sort((a, b) => a.first - b.first);
  const ranges: [number, number][] = [];
  for (const { first, last } of chosen) {
    // The words around the marked ones, as many before as after, up to 24 in all.
    let start = Math.max(0, first - Math.floor((maxWords - (last - first + 1)) / 2));
    const end = Math.min(marked.length - 1, start + maxWords - 1);
    start = Math.max(0, Math.min(start, end - maxWords + 1));
    const previous = ranges.at(-1);
    if (previous && start <= previous[1]) start = previous[1] + 1;
    if (start <= end) ranges.push([start, end]);
  }
  return ranges;
}

/**
 * The highlight of one row for a search: its title whole with the matching words marked, and the
 * fragments of its text of measure around them (none when the text itself does not match). The texts
 * are in the languages given (the visitor's, or English where not translated); the title's is tried first.
 */
export function highlightOf(
  { text: title, words: titleWords }: WordedText,
  { text: measureText, words: textWords }: WordedText,
  search: SearchLexemes,
  lexicon: Lexicon,
  titleLang: Language = 'en',
  textLang: Language = titleLang,
): TRestrictionHighlight {
  let titleMarks: boolean[] = [];
  let textMarks: boolean[] = [];
  for (const language of languagesFor[titleLang]) {
    titleMarks = titleWords.map((word) => lexicon.matches(word, language, search));
    textMarks = textWords.map((word) => lexicon.matches(word, language, search));
    if (titleMarks.includes(true) || textMarks.includes(true)) break;
  }
  const text: THighlightSegment[] = [];
  for (const [first, last] of fragmentRanges(textMarks)) {
    if (text.length > 0) pushSegment(text, fragmentDelimiter, false);
    segmentsOf(text, measureText, textWords, textMarks, textWords[first]!.start, textWords[last]!.end);
  }
  return {
    title: segmentsOf([], title, titleWords, titleMarks, 0, title.length),
    title_lang: titleLang,
    text_of_measure: text,
    text_of_measure_lang: textLang,
  };
}
