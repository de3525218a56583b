import { constants, inflateSync } from 'node:zlib';

/**
 * What the scan found: an action that runs code or a program (`active`), nothing of the kind
 * (`null`), or a part it could not read and so could not check (`unchecked`: an object stream it
 * cannot decode, such as an encrypted one, or a file shaped to make the scan too costly).
 */
export type PdfVerdict = 'active' | 'unchecked' | null;

/**
 * Names that make a PDF run something when opened or clicked: a JavaScript action (`/S
 * /JavaScript` with its `/JS`), document JavaScript (the `/JavaScript` name tree) and a launch
 * action (`/S /Launch`: opens a program or a file). An `/OpenAction` or `/AA` (additional action)
 * is refused only through these: opening at a page or following a link is harmless.
 */
export const activeNames: ReadonlySet<string> = new Set(['JavaScript', 'JS', 'Launch']);

/** Bytes of object streams inflated per file, at most. */
export const maxInflatedBytes = 32 * 1024 * 1024;

// The class of each byte (the text is latin1: one byte a character): 0 regular, 1 white space, 2 delimiter.
const byteClass = new Uint8Array(256);
for (const code of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) byteClass[code] = 1;
for (const char of '()<>[]{}/%') byteClass[char.charCodeAt(0)] = 2;
const isWhitespace = (code: number) => byteClass[code] === 1;
const isRegular = (code: number) => byteClass[code] === 0;

/** `/J#61vaScript` is `/JavaScript`: a reader decodes `#xx`, so the scan does too. */
const decodeName = (raw: string) =>
  raw.includes('#')
    ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;

interface Scan {
  data: Buffer;
  /** Syntax bytes the scan may still read (objects can overlap: see scanPdf). */
  budget: number;
  inflated: number;
}

/** Where a literal string that opens at `at` ends (balanced parentheses, backslash escapes). */
function stringEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (char === 0x5c) i += 1;
    else if (char === 0x28) depth += 1;
    else if (char === 0x29 && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * Reads PDF syntax from `start`: names are decoded and checked; it stops at `endobj`, or at
 * `stream`, where an object stream is inflated and read in turn. Strings and comments are skipped
 * as a reader skips them, so a name inside a string is no name.
 */
function scanSyntax(
  scan: Scan,
  text: string,
  start: number,
  inStream: boolean,
): { verdict: PdfVerdict; end: number } {
  const names: string[] = [];
  let i = start;
  while (i < text.length) {
    const char = text.charCodeAt(i);
    if (isWhitespace(char)) {
      i += 1;
    } else if (char === 0x25) {
      // A comment runs to the end of the line.
      while (i < text.length && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i += 1;
    } else if (char === 0x28) {
      i = stringEnd(text, i);
    } else if (char === 0x3c) {
      // `<<` opens a dictionary; a lone `<` a hex string, whose text is no name.
      if (text.charCodeAt(i + 1) === 0x3c) i += 2;
      else {
        const close = text.indexOf('>', i);
        i = close === -1 ? text.length : close + 1;
      }
    } else if (char === 0x2f) {
      let j = i + 1;
      while (j < text.length && isRegular(text.charCodeAt(j))) j += 1;
      // A name is made only when it could be one of the three (J, L or an escape first) or when the
      // dictionary before a stream is wanted: inside an object stream there are millions.
      const first = text.charCodeAt(i + 1);
      if (!inStream || first === 0x4a || first === 0x4c || first === 0x23) {
        const name = decodeName(text.slice(i + 1, j));
        if (activeNames.has(name)) return { verdict: 'active', end: j };
        if (!inStream) names.push(name);
      }
      i = j;
    } else if (isRegular(char)) {
      let j = i + 1;
      while (j < text.length && isRegular(text.charCodeAt(j))) j += 1;
      // Only two keywords matter here, both six letters long: no string is made for the others.
      if (!inStream && j - i === 6) {
        if (text.startsWith('endobj', i)) return { verdict: null, end: j };
        if (text.startsWith('stream', i)) return { verdict: streamVerdict(scan, text, j, names), end: j };
      }
      i = j;
    } else {
      i += 1;
    }
  }
  return { verdict: null, end: i };
}

const flateNames = new Set(['FlateDecode', 'Fl']);

/**
 * An object stream (`/Type /ObjStm`, or a dictionary with its `/N` and `/First`) holds objects
 * compressed, where their names are visible only once inflated: it is inflated (Flate only, the
 * filter every writer uses for them) and read. One this scan cannot decode — another filter, a
 * predictor, a filter given by reference, encrypted or damaged data — cannot be checked.
 */
function streamVerdict(scan: Scan, text: string, afterKeyword: number, names: string[]): PdfVerdict {
  const isObjectStream = names.includes('ObjStm') || (names.includes('First') && names.includes('N'));
  if (!isObjectStream) return null;
  let start = afterKeyword;
  if (text.charCodeAt(start) === 0x0d) start += 1;
  if (text.charCodeAt(start) === 0x0a) start += 1;
  const endKeyword = text.indexOf('endstream', start);
  let bytes = scan.data.subarray(start, endKeyword === -1 ? text.length : endKeyword);

  const filters = names.filter(
    (name) =>
      name.endsWith('Decode') || ['Fl', 'AHx', 'A85', 'LZW', 'RL', 'CCF', 'DCT', 'Crypt'].includes(name),
  );
  const predicted = names.includes('DecodeParms') || names.includes('DP') || names.includes('Predictor');
  if (filters.some((name) => !flateNames.has(name)) || predicted) return 'unchecked';
  if (names.includes('Filter') && filters.length === 0) return 'unchecked';
  for (let round = 0; round < filters.length; round += 1) {
    try {
      bytes = inflateSync(bytes, {
        maxOutputLength: Math.max(1, maxInflatedBytes - scan.inflated),
        // A truncated stream is read as far as it goes, as readers do.
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch {
      return 'unchecked';
    }
    scan.inflated += bytes.length;
  }
  return scanSyntax(scan, bytes.toString('latin1'), 0, true).verdict;
}

// An indirect object's header: `12 0 obj`, after a delimiter or at the start (PDF white space has NUL).
const space = String.raw`\x00\t\n\f\r `;
const notDelimiter = String.raw`[^${space}()<>[\]{}/%]`;
const objectHeader = new RegExp(
  String.raw`(?<!${notDelimiter})\d+[${space}]+\d+[${space}]+obj(?!${notDelimiter})`,
  'g',
);

/**
 * Whether a PDF carries JavaScript or a launch action (see activeNames), in its objects or inside
 * its compressed object streams, with `#`-escaped names decoded. Every object header in the file is
 * read, also one inside another object's stream data (a reader that follows the cross-reference
 * table reaches it there), each to its `endobj` or `stream`; the bytes read in all are bounded
 * (objects that overlap again and again make a file `unchecked`, never a slow scan).
 */
export function scanPdf(data: Buffer): PdfVerdict {
  const text = data.toString('latin1');
  const scan: Scan = { data, budget: 2 * data.length + 1024 * 1024, inflated: 0 };
  for (const match of text.matchAll(objectHeader)) {
    const start = match.index + match[0].length;
    const { verdict, end } = scanSyntax(scan, text, start, false);
    if (verdict) return verdict;
    scan.budget -= end - start;
    if (scan.budget < 0) return 'unchecked';
  }
  return null;
}
