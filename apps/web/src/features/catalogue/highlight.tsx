import type { THighlightSegment } from '@stp/shared';
import type { ReactNode } from 'react';

/**
 * A search match as the server gives it: segments of plain text, the matching ones inside `<mark>`.
 * Every segment is a React text node, so nothing of the data is ever read as HTML.
 */
export function Highlighted({ segments }: { segments: THighlightSegment[] | null | undefined }): ReactNode {
  if (!segments || segments.length === 0) return null;
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}

/**
 * The browse list's query with the visitor's language when it searches: the server marks the matches
 * in the texts of that language (the French where translated). Without a search the language is left
 * out, so every visitor shares one answer (and the page's preloaded first page).
 */
export function queryInLanguage<Q extends { q?: string | number }>(query: Q, language: 'en' | 'fr'): Q {
  return query.q ? { ...query, lang: language } : query;
}

/** Whether a highlight marks the text shown (the same language), so it can be shown in its place. */
export const highlightShows = (highlightLang: string | undefined, shownLang: string) =>
  highlightLang === shownLang;
