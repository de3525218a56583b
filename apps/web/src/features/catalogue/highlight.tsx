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
