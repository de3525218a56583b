import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.js';
import { restrictions } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';
import { ZRestrictionAdminInputSchema, restrictionImportColumns } from '@stp/shared';
import { loadPrincipal } from '../../auth/principal.js';
import { createAccount } from '../../test/factories.js';
import { importRestrictions } from '../restrictions-admin/restriction-import.js';
import {
  changeRestriction,
  createRestriction,
  purgeRestriction,
  setRestrictionArchived,
  type Writer,
} from '../restrictions-admin/restrictions-admin.service.js';
import { browseIndexLoaded, browseIndexStats, browsePage, reloadBrowseIndex } from './browse-index.js';
import { generateRestrictions } from './generate-data.js';
import { invalidateRestrictionCaches, restrictionsWritten } from './restriction-cache.js';
import { tsQuery, whereSql, type RestrictionFilters } from './restriction-query.js';
import type { RestrictionListRow } from './restrictions.presenter.js';
import { pageSql } from './restrictions.service.js';
import { highlightOf, lexiconOf, wordedText } from './search-highlights.js';

let ctx: TestContext;
let db: Database;
let sectorIds: number[];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What the SQL of the browse list answers: the oracle the in-memory index must agree with. */
async function bySql(filters: RestrictionFilters, sort: string | undefined, limit: number, offset: number) {
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from restrictions r where ${whereSql(filters)}`),
  );
  const rows = rowsOf<RestrictionListRow>(await db.execute(pageSql(filters, sort, limit, offset)));
  return { count: counted?.n ?? 0, rows: rows.map(comparable) };
}

/** A row with its time as text: the SQL driver and the index may give different Date objects. */
const comparable = (row: RestrictionListRow) => ({
  ...row,
  updated_at: new Date(row.updated_at).toISOString(),
});

const idsOf = (page: { rows: RestrictionListRow[] }) => page.rows.map((row) => row.id);

/** A small deterministic random source. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const empty = (): RestrictionFilters => ({
  countries: [],
  restrictionTypes: [],
  modes: [],
  nonComplianceTypes: [],
  statuses: [],
});

function randomFilters(rng: () => number): { filters: RestrictionFilters; sort: string | undefined } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
  const filters = empty();
  const choices = [
    () => filters.countries.push(pick(['KE', 'TZ', 'UG', 'RW', 'BI', 'SS', 'CD', 'SO'])),
    () => (filters.sectorId = pick(sectorIds)),
    () => filters.restrictionTypes.push(pick(['licensing', 'foreign_equity_limit', 'work_permit'])),
    () => filters.modes.push(pick(['mode_1', 'mode_2', 'mode_3', 'mode_4'])),
    () => (filters.marketAccess = pick(['yes', 'no'])),
    () => (filters.nationalTreatment = pick(['yes', 'no'])),
    () => (filters.yearFrom = 1990 + Math.floor(rng() * 30)),
    () => (filters.yearTo = 2000 + Math.floor(rng() * 25)),
    () => filters.statuses.push(pick(['in_force', 'removed', 'amended'])),
  ];
  for (let i = Math.floor(rng() * 4); i > 0; i -= 1) pick(choices)();
  filters.countries.sort();
  if (rng() < 0.5)
    // English words, French words of the English text's French stemming, and words of the French titles only.
    filters.q = pick([
      'licence',
      'bank',
      'foreign',
      'insurance',
      'transport',
      'banque',
      'étrangers',
      'prestataires',
      'participation étrangère',
      'coentreprise or moratoire',
    ]);
  const sort = pick([
    undefined,
    'title',
    '-title',
    'country',
    '-updated',
    'indicator',
    '-indicator',
    'year_introduced',
    '-year_introduced',
    'sector',
  ]);
  return { filters, sort };
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
  await generateRestrictions(db, { restrictions: 1_500, seed: 11 });
  invalidateRestrictionCaches();
  const reference = await catalogueReference(db);
  sectorIds = [...reference.sectors.values()]
    .filter((sector) => sector.level === 1)
    .map((sector) => sector.id);
}, 120_000);
afterAll(() => ctx.close());

describe('the in-memory browse index', () => {
  it('answers every filter, search, sort and page, and the page rows, exactly as the SQL does', async () => {
    const rng = randomSource(7);
    for (let run = 0; run < 120; run += 1) {
      const { filters, sort } = randomFilters(rng);
      const offset = Math.floor(rng() * 4) * 20;
      const expected = await bySql(filters, sort, 20, offset);
      const { count, rows } = await browsePage(db, filters, sort, 20, offset);
      expect({ run, filters, sort, count, rows: rows.map(comparable) }).toEqual({
        run,
        filters,
        sort,
        ...expected,
      });
    }
  }, 120_000);

  it('marks the words PostgreSQL marks, in either language: ts_headline with every match shown is the oracle', async () => {
    const lexicon = lexiconOf(db);
    const marked = (text: string) => Array.from(text.matchAll(/<<(.*?)>>/g), (match) => match[1]);
    const options = 'HighlightAll=true, StartSel=<<, StopSel=>>';
    let compared = 0;
    let comparedFrench = 0;
    // The visitor's language picks the texts (the French where translated) and the language tried first.
    for (const lang of ['en', 'fr'] as const)
      for (const q of [
        'licence',
        'bank',
        'foreign',
        'insurance',
        'banque',
        'étrangers',
        'lawyer or banque',
        '"foreign bank"',
        'prestataires',
      ]) {
        for (const offset of [0, 20, 40]) {
          const { rows, search } = await browsePage(db, { ...empty(), q }, undefined, 20, offset);
          if (rows.length === 0) continue;
          const ids = sql.join(
            rows.map((row) => sql`${row.id}`),
            sql`, `,
          );
          const [titleSql, textSql] =
            lang === 'fr'
              ? [
                  sql`coalesce(nullif(r.title_fr, ''), r.title)`,
                  sql`coalesce(nullif(r.text_of_measure_fr, ''), r.text_of_measure, '')`,
                ]
              : [sql`r.title`, sql`coalesce(r.text_of_measure, '')`];
          const oracle = new Map(
            rowsOf<{
              id: number;
              title_lang: 'en' | 'fr';
              en_title: string;
              en_text: string;
              fr_title: string;
              fr_text: string;
            }>(
              await db.execute(sql`select r.id,
              case when ${lang} = 'fr' and coalesce(r.title_fr, '') <> '' then 'fr' else 'en' end as title_lang,
              ts_headline('english', ${titleSql}, ${tsQuery(q)}, ${options}) as en_title,
              ts_headline('english', regexp_replace(${textSql}, '<[^>]*>', '', 'g'), ${tsQuery(q)}, ${options}) as en_text,
              ts_headline('french', ${titleSql}, ${tsQuery(q)}, ${options}) as fr_title,
              ts_headline('french', regexp_replace(${textSql}, '<[^>]*>', '', 'g'), ${tsQuery(q)}, ${options}) as fr_text
              from restrictions r where r.id in (${ids})`),
            ).map((row) => [row.id, row]),
          );
          const measureTexts = await search!.measureTexts(rows.map((_row, i) => i));
          const shownTitles = rows.map((row) => (lang === 'fr' && row.title_fr ? row.title_fr : row.title));
          const texts = rows.map(
            (_row, i) =>
              [
                wordedText(shownTitles[i]!),
                wordedText((lang === 'fr' ? measureTexts[i]!.fr : null) ?? measureTexts[i]!.en),
              ] as const,
          );
          await lexicon.learn(db, texts.flat());
          rows.forEach((row, i) => {
            const expected = oracle.get(row.id)!;
            const first = expected.title_lang;
            const firstMarks =
              first === 'en' ? expected.en_title + expected.en_text : expected.fr_title + expected.fr_text;
            const english = first === 'en' ? marked(firstMarks).length > 0 : marked(firstMarks).length === 0;
            const [title, text] = english
              ? [expected.en_title, expected.en_text]
              : [expected.fr_title, expected.fr_text];
            const textLang = lang === 'fr' && measureTexts[i]!.fr !== null ? 'fr' : 'en';
            const highlight = highlightOf(...texts[i]!, search!.lexemes, lexicon, first, textLang);
            if (first === 'fr') comparedFrench += 1;
            const words = (segments: { text: string; match: boolean }[]) =>
              segments.filter((segment) => segment.match).map((segment) => segment.text);
            // The title whole, the same words marked in the same places.
            expect(highlight.title.map((segment) => segment.text).join('')).toBe(shownTitles[i]);
            expect({ q, id: row.id, title: words(highlight.title) }).toEqual({
              q,
              id: row.id,
              title: marked(title),
            });
            // The text's fragments: marked words in the text's order, none PostgreSQL does not mark.
            const all = marked(text);
            const shown = words(highlight.text_of_measure);
            expect(shown.length > 0).toBe(all.length > 0);
            let at = 0;
            for (const word of shown) {
              at = all.indexOf(word, at);
              expect({ q, id: row.id, word, found: at >= 0 }).toEqual({ q, id: row.id, word, found: true });
              at += 1;
            }
            compared += 1;
          });
        }
      }
    expect(compared).toBeGreaterThan(200);
    // The generated rows have French titles and texts: many a French visitor's highlight was compared.
    expect(comparedFrench).toBeGreaterThan(100);
  }, 240_000);

  it('cuts the text of measure to at most two fragments of at most 24 words around the matches', async () => {
    const lexicon = lexiconOf(db);
    const highlight = async (title: string, text: string, search: { en: Set<string>; fr: Set<string> }) => {
      const worded = [wordedText(title), wordedText(text)] as const;
      await lexicon.learn(db, [...worded]);
      return highlightOf(...worded, search, lexicon);
    };
    const filler = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');
    const text = `${filler(30, 'alpha')} bank ${filler(40, 'beta')} bank bank ${filler(30, 'gamma')} bank ${filler(30, 'delta')}`;
    const search = { en: new Set(['bank']), fr: new Set<string>() };
    const { title, text_of_measure: fragments } = await highlight('Title', text, search);
    expect(title).toEqual([{ text: 'Title', match: false }]);
    const shown = fragments.map((segment) => segment.text).join('');
    const parts = shown.split(' … ');
    // The two places with the most matches (two, then the first of the single ones), in the text's order.
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(part.split(' ').length).toBeLessThanOrEqual(24);
    expect(parts[0]).toMatch(/^alpha .* bank beta/);
    expect(parts[1]).toMatch(/^beta .*bank bank gamma/);
    expect(fragments.filter((segment) => segment.match)).toHaveLength(3);
    // A text without a match shows nothing; a short one shows whole.
    expect((await highlight('Title', 'nothing here', search)).text_of_measure).toEqual([]);
    expect((await highlight('Title', 'Banks of the region.', search)).text_of_measure).toEqual([
      { text: 'Banks', match: true },
      { text: ' of the region', match: false },
    ]);
  });

  it('sees a write at once after the caches are dropped', async () => {
    const filters = empty();
    const before = await browsePage(db, filters, 'title', 5, 0);
    const first = idsOf(before)[0]!;
    await db.execute(sql`update restrictions set archived = true where id = ${first}`);
    invalidateRestrictionCaches();
    const after = await browsePage(db, filters, 'title', 5, 0);
    expect(after.count).toBe(before.count - 1);
    expect(idsOf(after)).not.toContain(first);
    await db
      .update(restrictions)
      .set({ archived: false })
      .where(sql`id = ${first}`);
    invalidateRestrictionCaches();
  });

  /** Waits for this process's index to show `count` rows once the next signature check (every 5 s) has run. */
  async function seenAfterTheCheck(filters: RestrictionFilters, stale: number, count: number) {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    try {
      // The signature check starts a reload; the current index answers until the new one is in place.
      expect((await browsePage(db, filters, 'title', 5, 0)).count).toBe(stale);
      await vi.waitFor(async () => expect((await browsePage(db, filters, 'title', 5, 0)).count).toBe(count), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      vi.useRealTimers();
    }
  }

  it('sees a write made by another instance within a few seconds, without being told', async () => {
    const filters = empty();
    const before = await browsePage(db, filters, 'title', 5, 0);
    const first = idsOf(before)[0]!;
    // Another instance's writes: no invalidation in this process, and no other column touched (the
    // revision moves on with any committed write, whatever it changes).
    await db.execute(sql`update restrictions set archived = true where id = ${first}`);
    expect((await browsePage(db, filters, 'title', 5, 0)).count).toBe(before.count);
    await seenAfterTheCheck(filters, before.count, before.count - 1);
    await db.execute(sql`update restrictions set archived = false where id = ${first}`);
    await seenAfterTheCheck(filters, before.count - 1, before.count);
  });

  it('moves the revision on once per committed transaction, however many rows it wrote, and not on a rollback', async () => {
    const revision = async () =>
      Number(
        rowsOf<{ revision: string }>(await db.execute(sql`select revision from restrictions_revision`))[0]!
          .revision,
      );
    const start = await revision();
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update restrictions set updated_at = updated_at where id in (select id from restrictions limit 20)`,
      );
      await tx.execute(
        sql`update restrictions set updated_at = updated_at where id in (select id from restrictions limit 5)`,
      );
    });
    expect(await revision()).toBe(start + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update restrictions set archived = true`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await revision()).toBe(start + 1);
    await db.execute(
      sql`update restrictions set updated_at = updated_at where id in (select id from restrictions limit 1)`,
    );
    expect(await revision()).toBe(start + 2);
  });

  it('patches itself at each write and then answers as the SQL and a full reload do (random writes)', async () => {
    const reference = await catalogueReference(db);
    const account = await createAccount(db, { superuser: true });
    const writer: Writer = { principal: (await loadPrincipal(db, account.id))!, ip: '127.0.0.1' };
    const rng = randomSource(35);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
    const countries = [...reference.countries.values()].filter((c) => c.partnerState).map((c) => c.code);
    const sectorCodes = [...reference.sectors.values()].filter((s) => s.level === 1).map((s) => s.code);
    // Titles that tie and differ by case and accents (PostgreSQL's collation places them), texts with
    // the searched words or not, stored tags left out of highlights.
    const title = () =>
      `${pick(['Bank', 'bank', 'Banque', 'Licence', 'licence', 'Zebra', 'Étrangers', 'aardvark'])} ${pick(['rules', 'Rules', 'foreign', 'insurance', ''])}`.trim();
    const text = () =>
      Array.from({ length: 3 + Math.floor(rng() * 12) }, () =>
        pick([
          'licence',
          'bank',
          'foreign',
          'insurance',
          'banque',
          'étrangers',
          'the',
          'transport',
          '<b>rule</b>',
          'quota',
        ]),
      ).join(' ');
    const fields = () => ({
      title: title(),
      country: pick(countries),
      sector: pick(sectorIds),
      restriction_type: pick(['licensing', 'foreign_equity_limit', 'work_permit']),
      modes_of_supply: [
        ...new Set([pick(['mode_1', 'mode_2', 'mode_3', 'mode_4']), pick(['mode_3', 'mode_4'])]),
      ],
      market_access: pick(['yes', 'no']),
      national_treatment: pick(['yes', 'no']),
      status: pick(['in_force', 'removed', 'amended']),
      year_introduced: rng() < 0.3 ? null : 1990 + Math.floor(rng() * 35),
      restrictiveness_indicator: rng() < 0.3 ? null : Math.round(rng() * 100) / 100,
      text_of_measure: text(),
    });
    /** A restriction not purged, picked at random (archived ones too). */
    const anyRow = async () => {
      const [n] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from restrictions`));
      const [row] = rowsOf<{ id: number; version: number; archived: boolean }>(
        await db.execute(
          sql`select id, version, archived from restrictions order by id offset ${Math.floor(rng() * n!.n)} limit 1`,
        ),
      );
      return row!;
    };
    const csvCell = (value: string | number | null | undefined) =>
      `"${String(value ?? '').replace(/"/g, '""')}"`;
    const writes = {
      create: async () => createRestriction(db, ZRestrictionAdminInputSchema.parse(fields()), writer),
      change: async () => {
        const row = await anyRow();
        await changeRestriction(
          db,
          row.id,
          ZRestrictionAdminInputSchema.parse({ ...fields(), version: row.version }),
          writer,
        );
      },
      retitle: async () => {
        const row = await anyRow();
        const [current] = rowsOf<Record<string, unknown>>(
          await db.execute(
            sql`select country_code, sector_id, restriction_type from restrictions where id = ${row.id}`,
          ),
        );
        await changeRestriction(
          db,
          row.id,
          ZRestrictionAdminInputSchema.parse({
            title: title(),
            country: current!.country_code,
            sector: current!.sector_id,
            restriction_type: current!.restriction_type,
            text_of_measure: text(),
            version: row.version,
          }),
          writer,
        );
      },
      archive: async () => {
        const row = await anyRow();
        await setRestrictionArchived(db, row.id, !row.archived, writer);
      },
      purge: async () => purgeRestriction(db, (await anyRow()).id, writer),
      import: async () => {
        const rows = Array.from({ length: 2 + Math.floor(rng() * 4) }, () => {
          const f = fields();
          const cells: Record<string, string | number | null> = {
            ...f,
            sector: pick(sectorCodes),
            modes_of_supply: f.modes_of_supply.join(';'),
          };
          return restrictionImportColumns.map((column) => csvCell(cells[column])).join(',');
        });
        const csv = [restrictionImportColumns.join(','), ...rows].join('\r\n');
        await importRestrictions(db, { data: Buffer.from(csv), extension: 'csv' }, 'all', writer);
      },
    };
    const kinds = Object.keys(writes) as (keyof typeof writes)[];
    const queries = Array.from({ length: 40 }, () => ({
      ...randomFilters(rng),
      offset: Math.floor(rng() * 3) * 20,
    }));
    const answer = async ({ filters, sort, offset }: (typeof queries)[number]) => {
      const { count, rows } = await browsePage(db, filters, sort, 20, offset);
      return { count, rows: rows.map(comparable) };
    };
    // Every kind of kept structure first: sort orders, filter sets, searches.
    for (const query of queries) await answer(query);
    await browseIndexLoaded(db);
    const before = browseIndexStats(db)!;
    let compared = 0;
    for (let round = 0; round < 25; round += 1) {
      const done: string[] = [];
      for (let w = 1 + Math.floor(rng() * 3); w > 0; w -= 1) {
        const kind = pick(kinds);
        await writes[kind]();
        done.push(kind);
      }
      for (let k = 0; k < 6; k += 1) {
        const query = pick(queries);
        const expected = await bySql(query.filters, query.sort, 20, query.offset);
        expect({ round, done, query, ...(await answer(query)) }).toEqual({ round, done, query, ...expected });
        compared += 1;
      }
    }
    // Patched each time, never read again whole.
    const after = browseIndexStats(db)!;
    expect(after.loads).toBe(before.loads);
    expect(after.patches).toBeGreaterThanOrEqual(25);
    expect(after.revision).toBeGreaterThan(before.revision);
    // The patched index and a full reload answer alike, every query.
    const patched = await Promise.all(queries.map(answer));
    await reloadBrowseIndex(db);
    expect(browseIndexStats(db)!.loads).toBe(before.loads + 1);
    expect(await Promise.all(queries.map(answer))).toEqual(patched);
    expect(compared).toBe(150);
  }, 300_000);

  it("answers a write before the index's patch, which the next browse waits for, read in one statement", async () => {
    const filters = empty();
    const before = await browsePage(db, filters, 'title', 5, 0);
    const first = idsOf(before)[0]!;
    const revision = browseIndexStats(db)!.revision;
    await db.execute(sql`update restrictions set archived = true where id = ${first}`);
    const statements = vi.spyOn(db, 'execute');
    const transactions = vi.spyOn(db, 'transaction');
    try {
      // Under browse load each statement of the patch is a turn of the event loop the edit would wait for.
      await restrictionsWritten(db);
      expect(browseIndexStats(db)!.revision).toBe(revision);
      // The writer's next browse (any browse of this process) waits for the patch: it shows the write.
      const after = await browsePage(db, filters, 'title', 5, 0);
      expect(after.count).toBe(before.count - 1);
      expect(idsOf(after)).not.toContain(first);
      expect(browseIndexStats(db)!.revision).toBeGreaterThan(revision);
      expect(statements).toHaveBeenCalledTimes(1);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      statements.mockRestore();
      transactions.mockRestore();
    }
    await db.execute(sql`update restrictions set archived = false where id = ${first}`);
    await restrictionsWritten(db);
    expect((await browsePage(db, filters, 'title', 5, 0)).count).toBe(before.count);
  });

  it('refuses an unknown sort on its field', async () => {
    await expect(browsePage(db, empty(), 'password', 5, 0)).rejects.toMatchObject({
      statusCode: 422,
      errors: { sort: 'Select a valid sort order.' },
    });
  });
});
