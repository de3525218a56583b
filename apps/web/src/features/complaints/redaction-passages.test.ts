import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../i18n/index.js';
import { actorLabel } from '../audit-log/audit-format.js';
import { addPassage, redactPreview } from './redaction-passages.js';

afterEach(async () => {
  await applyLocale('en');
});

describe('marking passages to redact', () => {
  it('merges a selection that overlaps or touches a marked one, keeps the others apart', () => {
    let passages = addPassage([], { field: 'brief_description', start: 2, end: 5 });
    passages = addPassage(passages, { field: 'details_of_occurrence', start: 3, end: 4 });
    passages = addPassage(passages, { field: 'brief_description', start: 4, end: 9 });
    passages = addPassage(passages, { field: 'brief_description', start: 12, end: 14 });
    expect(passages).toEqual([
      { field: 'brief_description', start: 2, end: 9 },
      { field: 'brief_description', start: 12, end: 14 },
      { field: 'details_of_occurrence', start: 3, end: 4 },
    ]);
  });

  it('previews the text with each passage of the field replaced by the mark', () => {
    const text = 'Call Jane on 0772 000 111 today';
    const passages = [
      { field: 'brief_description' as const, start: 5, end: 9 },
      { field: 'brief_description' as const, start: 13, end: 25 },
      { field: 'details_of_occurrence' as const, start: 0, end: 4 },
    ];
    expect(redactPreview(text, passages, 'brief_description', '[redacted]')).toBe(
      'Call [redacted] on [redacted] today',
    );
  });
});

describe('the audit views name no withheld applicant', () => {
  it("says the identity is withheld, in English and French, instead of 'System'", async () => {
    const row = { actor: null, actor_withheld: true };
    expect(actorLabel(i18n.t.bind(i18n), row)).toBe("Identity withheld at the applicant's request");
    await applyLocale('fr');
    expect(actorLabel(i18n.t.bind(i18n), row)).toBe('Identité non communiquée à la demande du plaignant');
  });
});
