/**
 * Build step (vite.config.ts, never in the app): each relative dynamic import of a built chunk is handed
 * to `globalThis.__stpChunkImport` with the chunk's absolute address, so that a chunk that times out is
 * reported by its address (spec 8), which the import's promise alone does not tell. Without the tracker
 * (not installed yet) the import is left as it was.
 */
const dynamicImport = /\bimport\((["'`])(\.{1,2}\/[^"'`\s]+\.js)\1\)/g;

/** One replacement in a chunk's code. */
export interface CodeEdit {
  start: number;
  end: number;
  text: string;
}

/** Where each relative dynamic import of the chunk is and what replaces it. */
export function dynamicImportEdits(code: string): CodeEdit[] {
  return [...code.matchAll(dynamicImport)].map((match) => {
    const [whole, quote = '"', specifier = ''] = match;
    const literal = `${quote}${specifier}${quote}`;
    return {
      start: match.index,
      end: match.index + whole.length,
      text: `(globalThis.__stpChunkImport||(p=>p))(${whole},new URL(${literal},import.meta.url).href)`,
    };
  });
}

/** The chunk's code with its dynamic imports tracked, or null when it has none. */
export function trackDynamicImports(code: string): string | null {
  const edits = dynamicImportEdits(code);
  if (edits.length === 0) return null;
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + code.slice(at);
}
