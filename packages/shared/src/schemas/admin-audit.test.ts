import { describe, expect, it } from 'vitest';
import { auditDiff, auditObjectLabel, ZAuditListQuerySchema } from './admin-audit.js';

describe('auditDiff', () => {
  it('lists the union of fields, before order first, and flags the changed ones', () => {
    const diff = auditDiff({ name: 'A', tags: [1, 2], gone: true }, { name: 'A', tags: [1, 3], added: 'x' });
    expect(diff).toEqual([
      { field: 'name', before: 'A', after: 'A', changed: false },
      { field: 'tags', before: [1, 2], after: [1, 3], changed: true },
      { field: 'gone', before: true, after: undefined, changed: true },
      { field: 'added', before: undefined, after: 'x', changed: true },
    ]);
  });

  it('treats a creation and a purge as every field changed', () => {
    expect(auditDiff(null, { id: 1 })).toEqual([{ field: 'id', before: undefined, after: 1, changed: true }]);
    expect(auditDiff({ id: 1 }, null)[0]?.changed).toBe(true);
    expect(auditDiff(null, null)).toEqual([]);
  });
});

describe('auditObjectLabel', () => {
  it('names a record by its first known name field', () => {
    expect(auditObjectLabel({ id: 3, title_en: 'Report', slug: 'report' })).toBe('Report');
    expect(auditObjectLabel({ id: 3, email: 'a@b.c' })).toBe('a@b.c');
    expect(auditObjectLabel({ id: 3 })).toBe('');
    expect(auditObjectLabel(null)).toBe('');
  });
});

describe('ZAuditListQuerySchema', () => {
  it('takes blank filters as absent and refuses an end before the start', () => {
    expect(ZAuditListQuerySchema.parse({ model: '', date_from: '' })).toMatchObject({ page: 1 });
    const reversed = ZAuditListQuerySchema.safeParse({ date_from: '2026-03-02', date_to: '2026-03-01' });
    expect(reversed.success).toBe(false);
    expect(ZAuditListQuerySchema.safeParse({ date_from: '2026-02-30' }).success).toBe(false);
  });
});
