// The demo data in French (issue 33 item 5): every visible demo restriction has its French title, every
// update and notification its French text, and a French visitor reads them through the API.
import type { TNotificationListItem, TRestrictionDetail, TRestrictionListItem, Paginated } from '@stp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../auth/passwords.js';
import { invalidateRestrictionCaches } from '../../../modules/restrictions/restriction-cache.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { seedDemo } from './index.js';

let ctx: TestContext;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.transaction((tx) => seedDemo(tx, { storage: ctx.storage, hashPassword }));
  invalidateRestrictionCaches();
}, 300_000);
afterAll(() => ctx.close());

describe('the demo data in French', () => {
  it('gives every restriction a French title, every update and notification a French text', async () => {
    const [counts] = rowsOf<Record<string, number>>(
      await ctx.db.execute(sql`select
        (select count(*)::int from restrictions) as restrictions,
        (select count(*)::int from restrictions where coalesce(title_fr, '') = '') as untitled,
        (select count(*)::int from restrictions where title_fr = title) as copied,
        (select count(*)::int from restriction_updates) as updates,
        (select count(*)::int from restriction_updates where summary_fr is null or details_fr is null) as updates_untranslated,
        (select count(*)::int from notifications) as notifications,
        (select count(*)::int from notifications where coalesce(description_of_measure_fr, '') = '') as notifications_untranslated`),
    );
    expect(counts!.restrictions).toBeGreaterThan(300);
    expect(counts!.updates).toBeGreaterThan(50);
    expect(counts!.notifications).toBeGreaterThan(40);
    expect(counts).toMatchObject({
      untitled: 0,
      copied: 0,
      updates_untranslated: 0,
      notifications_untranslated: 0,
    });
  });

  it('gives every restriction a French text of measure, and French remarks wherever it has remarks', async () => {
    const [counts] = rowsOf<Record<string, number>>(
      await ctx.db.execute(sql`select
        (select count(*)::int from restrictions where coalesce(text_of_measure_fr, '') = '') as untranslated,
        (select count(*)::int from restrictions where text_of_measure_fr = text_of_measure) as copied,
        (select count(*)::int from restrictions where coalesce(remarks, '') <> '') as with_remarks,
        (select count(*)::int from restrictions
          where coalesce(remarks, '') <> '' and coalesce(remarks_fr, '') = '') as remarks_untranslated,
        (select count(*)::int from restrictions where remarks_fr = remarks and remarks <> '') as remarks_copied`),
    );
    expect(counts!.with_remarks).toBeGreaterThan(100);
    expect(counts).toMatchObject({ untranslated: 0, copied: 0, remarks_untranslated: 0, remarks_copied: 0 });
    // French typography: a narrow no-break space before ; : ? ! and %, a decimal comma, and no English
    // sentence left (the names of laws and regulators stay as cited).
    const texts = rowsOf<{ text: string }>(
      await ctx.db.execute(
        sql`select text_of_measure_fr as text from restrictions union all select remarks_fr from restrictions where remarks_fr <> ''`,
      ),
    );
    for (const { text } of texts) {
      expect(text).not.toMatch(/[^\u202f][;:?!%]/);
      expect(text).not.toMatch(/\d\.\d/);
      expect(text).not.toMatch(/\b(must|requires|provides that|Under|in force|partner states?|suppliers)\b/);
    }
  });

  it('writes French: a French title puts the number before a narrow no-break space and "%"', async () => {
    const rows = rowsOf<{ title_fr: string }>(
      await ctx.db.execute(sql`select title_fr from restrictions where position('%' in title_fr) > 0`),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { title_fr } of rows) expect(title_fr).toMatch(/\d\u202f%/);
  });

  it('answers the French texts and finds a restriction by a word of its French title only', async () => {
    const visitor = ctx.client();
    const list = (await visitor.request({ url: '/api/restrictions/?q=prestataires' })).json<
      Paginated<TRestrictionListItem>
    >();
    expect(list.count).toBeGreaterThan(0);
    // "prestataires" is French only: every match has it in its French title (the English never says it).
    for (const row of list.results) expect(row.title_fr).toMatch(/prestataires/);
    const detail = (
      await visitor.request({ url: `/api/restrictions/${list.results[0]!.slug}/` })
    ).json<TRestrictionDetail>();
    expect(detail.title_fr).toBe(list.results[0]!.title_fr);
    const notifications = (await visitor.request({ url: '/api/notifications/?page_size=5' })).json<
      Paginated<TNotificationListItem>
    >();
    for (const row of notifications.results) expect(row.description_of_measure_fr).toBeTruthy();
  });
});
