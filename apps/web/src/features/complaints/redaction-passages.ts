import type { TRedactableField } from '@stp/shared';

/** A marked passage of one field: offsets in its text, `end` excluded. */
export interface Passage {
  field: TRedactableField;
  start: number;
  end: number;
}

/** The passages with `added` merged into any it overlaps or touches (the API refuses overlaps). */
export function addPassage(passages: Passage[], added: Passage): Passage[] {
  let merged = added;
  const rest: Passage[] = [];
  for (const passage of passages) {
    const overlaps =
      passage.field === merged.field && passage.start <= merged.end && merged.start <= passage.end;
    if (overlaps) {
      merged = {
        field: merged.field,
        start: Math.min(merged.start, passage.start),
        end: Math.max(merged.end, passage.end),
      };
    } else rest.push(passage);
  }
  return [...rest, merged].sort((a, b) => a.field.localeCompare(b.field) || a.start - b.start);
}

/** The field's text as it will be kept: each marked passage replaced by the mark. */
export function redactPreview(text: string, passages: Passage[], field: TRedactableField, mark: string) {
  let result = text;
  const spans = passages.filter((passage) => passage.field === field).sort((a, b) => b.start - a.start);
  for (const { start, end } of spans) result = `${result.slice(0, start)}${mark}${result.slice(end)}`;
  return result;
}
