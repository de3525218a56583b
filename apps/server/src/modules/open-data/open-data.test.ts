// Issue 34, item 7: documented open data. Every file of every dataset matches its data dictionary on the
// demo data; hidden records stay out (counted against the record flags in SQL written here, not the
// rules of db/public-visibility.ts); bad parameters get a 4xx; the catalogue points at every file.
import { openDataDatasets, type TOpenDataField, type TOpenDataIndex, type TOpenDataset } from '@stp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.js';
import { seedDemo } from '../../db/seed/demo/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { invalidateRestrictionCaches } from '../restrictions/restriction-cache.js';
import { parseCsv } from '../../test/csv-reader.js';
import { typeErrors, type JsonValue } from './test-support.js';

let ctx: TestContext;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const count = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await ctx.db.execute(query))[0]!.n;

/** Records hidden by the test: their identifiers must be in no file. */
const hidden: Record<string, string[]> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.transaction((tx) => seedDemo(tx, { storage: ctx.storage, hashPassword }));
  // An archived and an inactive restriction, a draft notification, an archived commitment, an
  // inactive indicator and an archived complaint, beside what the demo data already hides.
  const pick = async (table: string, column: string, where = 'true') =>
    rowsOf<{ key: string }>(
      await ctx.db.execute(
        sql.raw(
          `select ${column} as key from ${table} where active and not archived and deleted_on is null and ${where} order by id limit 1`,
        ),
      ),
    )[0]!.key;
  const archivedSlug = await pick('restrictions', 'slug');
  await ctx.db.execute(
    sql`update restrictions set archived = true, archived_at = now() where slug = ${archivedSlug}`,
  );
  const inactiveSlug = await pick('restrictions', 'slug');
  await ctx.db.execute(sql`update restrictions set active = false where slug = ${inactiveSlug}`);
  hidden.restrictions = [archivedSlug, inactiveSlug];
  const draft = await pick('notifications', 'reference', "status <> 'draft'");
  await ctx.db.execute(sql`update notifications set status = 'draft' where reference = ${draft}`);
  hidden.notifications = [draft];
  const indicator = await pick('indicators', 'slug');
  await ctx.db.execute(sql`update indicators set active = false where slug = ${indicator}`);
  hidden.indicators = [indicator];
  await ctx.db.execute(
    sql`update commitments set archived = true where id = (select min(id) from commitments where not archived)`,
  );
  await ctx.db.execute(
    sql`update complaints set archived = true where id = (select min(id) from complaints where not archived)`,
  );
  // A title a spreadsheet would run as a formula.
  await ctx.db.execute(
    sql`update restrictions set title = '=HYPERLINK("http://evil.example","x")' where slug = (select slug from restrictions where active and not archived order by id desc limit 1)`,
  );
  invalidateRestrictionCaches();
}, 300_000);
afterAll(() => ctx.close());

async function get(url: string) {
  return ctx.client().request({ url });
}

interface DataFile {
  header: string[];
  rows: string[][];
  json: {
    dataset: string;
    fields: string[];
    license: string;
    conforms_to: string;
    records: Record<string, JsonValue>[];
  };
}

/** A dataset's CSV and JSON files, read as a visitor downloads them. */
async function files(dataset: TOpenDataset, query = ''): Promise<DataFile> {
  const csv = await get(`/api/open-data/${dataset}/data.csv${query}`);
  expect(csv.statusCode, `${dataset} csv`).toBe(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
  expect(csv.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${dataset}(-[A-Z]{2})?-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
  );
  // No byte-order mark (docs/open-data.md): the first column's name is the dictionary's.
  expect(csv.body.charCodeAt(0)).not.toBe(0xfeff);
  const [header = [], ...rows] = parseCsv(csv.body);
  const json = await get(`/api/open-data/${dataset}/data.json${query}`);
  expect(json.statusCode, `${dataset} json`).toBe(200);
  expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
  return { header, rows, json: json.json() };
}

/** What a JSON value is in the CSV: lists joined by ';', a formula's first character quoted. */
function asCsvCell(value: JsonValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(';');
  const text = String(value);
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

describe('open data', () => {
  it(
    'gives every dataset in CSV and JSON exactly as its dictionary says, on the demo data',
    { timeout: 240_000 },
    async () => {
      const index = (await get('/api/open-data/')).json<TOpenDataIndex>();
      expect(index.datasets.map((dataset) => dataset.id)).toEqual([...openDataDatasets]);
      expect(index.licence.url).toBe('https://creativecommons.org/licenses/by/4.0/');
      expect(Math.abs(Date.parse(index.extracted_at) - Date.now())).toBeLessThan(60_000);
      const problems: string[] = [];
      for (const described of index.datasets) {
        const dataset = described.id;
        const dictionary = await get(`/api/open-data/${dataset}/dictionary.json`);
        expect(dictionary.statusCode).toBe(200);
        const fields = dictionary.json<{ fields: TOpenDataField[] }>().fields;
        // The page's dictionary is the file's.
        expect(described.fields).toEqual(fields);
        for (const field of fields) {
          expect(field.description.en.length, `${dataset}.${field.name}`).toBeGreaterThan(5);
          expect(field.description.fr.length, `${dataset}.${field.name}`).toBeGreaterThan(5);
        }
        const names = fields.map((field) => field.name);
        const { header, rows, json } = await files(dataset);
        expect(header, dataset).toEqual(names);
        expect(json.fields, dataset).toEqual(names);
        expect(json.dataset).toBe(dataset);
        expect(json.license).toBe(index.licence.url);
        expect(json.conforms_to).toBe(`http://portal.test/api/open-data/${dataset}/dictionary.json`);
        expect(json.records.length, dataset).toBeGreaterThan(0);
        expect(rows.length, dataset).toBe(json.records.length);
        json.records.forEach((record, i) => {
          expect(Object.keys(record), `${dataset} record ${i}`).toEqual(names);
          problems.push(...typeErrors(fields, record).map((problem) => `${dataset} record ${i}: ${problem}`));
          const row = rows[i]!;
          expect(row.length, `${dataset} row ${i}`).toBe(names.length);
          names.forEach((name, j) => {
            if (row[j] !== asCsvCell(record[name]!)) problems.push(`${dataset} row ${i} ${name}: ${row[j]}`);
          });
        });
      }
      expect(problems.slice(0, 20)).toEqual([]);
    },
  );

  it('quotes a leading = + - @ of a CSV text cell, and keeps the JSON value as it is', async () => {
    const { rows, header, json } = await files('restrictions');
    const title = header.indexOf('title');
    const formula = '=HYPERLINK("http://evil.example","x")';
    expect(rows.some((row) => row[title] === `'${formula}`)).toBe(true);
    expect(rows.some((row) => row[title]!.startsWith('='))).toBe(false);
    expect(json.records.some((record) => record.title === formula)).toBe(true);
  });

  it('holds published records only: archived, inactive, deleted and draft ones are left out', async () => {
    const visible = (table: string, more = '') =>
      count(
        sql.raw(
          `select count(*)::int as n from ${table} where active = true and archived = false and deleted_on is null ${more}`,
        ),
      );
    const restrictions = await files('restrictions');
    expect(restrictions.json.records.length).toBe(await visible('restrictions'));
    for (const slug of hidden.restrictions!)
      expect(
        restrictions.json.records.some((record) => record.slug === slug),
        slug,
      ).toBe(false);
    const notifications = await files('notifications');
    expect(notifications.json.records.length).toBe(await visible('notifications', "and status <> 'draft'"));
    expect(notifications.json.records.some((record) => record.reference === hidden.notifications![0])).toBe(
      false,
    );
    expect((await files('commitments')).json.records.length).toBe(await visible('commitments'));
    const indicators = (await files('indicators')).json.records;
    expect(indicators.some((record) => record.indicator === hidden.indicators![0])).toBe(false);
    const published = rowsOf<{ slug: string }>(
      await ctx.db.execute(
        sql`select slug from indicators where active and not archived and deleted_on is null`,
      ),
    ).map((row) => row.slug);
    expect([...new Set(indicators.map((record) => record.indicator))].sort()).toEqual(published.sort());

    // Complaint statistics: the counts a query over the record flags gives, and nothing else.
    const statistics = (await files('complaint-statistics')).json.records;
    const expected = rowsOf<{ country: string; year: number; status: string; complaints: number }>(
      await ctx.db
        .execute(sql`select country_code as country, extract(year from created_at at time zone 'UTC')::int as year,
        status, count(*)::int as complaints from complaints
        where active = true and archived = false and deleted_on is null group by 1, 2, 3 order by 1, 2, 3`),
    );
    expect(statistics).toEqual(expected);
    expect(statistics.reduce((sum, row) => sum + Number(row.complaints), 0)).toBe(
      await visible('complaints'),
    );
  });

  it('keeps to one partner state when asked: ?country=KE (any case)', async () => {
    for (const dataset of openDataDatasets) {
      const { json, rows, header } = await files(dataset, '?country=ke');
      expect(json.records.length, dataset).toBeGreaterThan(0);
      expect(new Set(json.records.map((record) => record.country)), dataset).toEqual(new Set(['KE']));
      expect(new Set(rows.map((row) => row[header.indexOf('country')])), dataset).toEqual(new Set(['KE']));
    }
    const kenya = await count(
      sql`select count(*)::int as n from restrictions where country_code = 'KE' and active and not archived and deleted_on is null`,
    );
    expect((await files('restrictions', '?country=KE')).json.records.length).toBe(kenya);
  });

  it('answers a bad parameter with a 4xx and names it', async () => {
    for (const query of ['?country=KEN', '?country=K1', '?country=ZZ', '?country=FR']) {
      for (const format of ['csv', 'json']) {
        const response = await get(`/api/open-data/restrictions/data.${format}${query}`);
        expect(response.statusCode, `${format}${query}`).toBe(422);
        expect(response.json<{ errors: Record<string, string> }>().errors.country).toBe(
          'Select a valid country.',
        );
      }
    }
    for (const url of [
      '/api/open-data/users/data.csv',
      '/api/open-data/../data.json',
      '/api/open-data/restrictions/data.xml',
      '/api/open-data/nope/dictionary.json',
    ]) {
      const status = (await get(url)).statusCode;
      expect(status >= 400 && status < 500, `${url}: ${status}`).toBe(true);
    }
  });

  it('describes every file in a DCAT catalogue whose addresses answer with their media type', async () => {
    const response = await get('/api/open-data/catalog.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    const catalog = response.json<{
      '@type': string;
      'dcat:dataset': {
        '@type': string;
        'dct:identifier': string;
        'dct:title': { '@language': string; '@value': string }[];
        'dct:description': { '@language': string; '@value': string }[];
        'dct:issued': { '@value': string };
        'dct:modified'?: { '@value': string };
        'dct:license': { '@id': string };
        'dcat:distribution': {
          '@type': string;
          'dcat:mediaType': string;
          'dcat:downloadURL': { '@id': string };
          'dct:conformsTo': { '@id': string };
          'dct:license': { '@id': string };
        }[];
      }[];
    }>();
    expect(catalog['@type']).toBe('dcat:Catalog');
    expect(catalog['dcat:dataset'].map((dataset) => dataset['dct:identifier'])).toEqual([
      ...openDataDatasets,
    ]);
    for (const dataset of catalog['dcat:dataset']) {
      const id = dataset['dct:identifier'];
      expect(dataset['@type']).toBe('dcat:Dataset');
      expect(dataset['dct:title'].map((title) => title['@language'])).toEqual(['en', 'fr']);
      expect(dataset['dct:description'].every((text) => text['@value'].length > 10)).toBe(true);
      expect(dataset['dct:issued']['@value']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(dataset['dct:modified']?.['@value']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(dataset['dct:license']['@id']).toBe('https://creativecommons.org/licenses/by/4.0/');
      expect(dataset['dcat:distribution'].map((file) => file['dcat:mediaType'])).toEqual([
        'text/csv',
        'application/json',
      ]);
      for (const file of dataset['dcat:distribution']) {
        expect(file['@type']).toBe('dcat:Distribution');
        expect(file['dct:conformsTo']['@id']).toBe(`http://portal.test/api/open-data/${id}/dictionary.json`);
        const answer = await get(file['dcat:downloadURL']['@id'].replace('http://portal.test', ''));
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toContain(file['dcat:mediaType']);
      }
    }
  });

  it('puts the page in the sitemap, in both languages', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>http://portal.test/public/open-data?lang=en</loc>');
    expect(sitemap).toContain('<loc>http://portal.test/public/open-data?lang=fr</loc>');
  });

  it('streams a large dataset in batches of a thousand rows, never whole', { timeout: 120_000 }, async () => {
    const before = (await files('restrictions')).json.records.length;
    await ctx.db.execute(sql`insert into restrictions (slug, title, country_code, sector_id, restriction_type)
      select 'bulk-' || g, 'Bulk measure ' || g, 'TZ', (select id from sectors where code = '1'), 'licensing'
      from generate_series(1, 2100) g`);
    const { csvFile } = await import('./files.js');
    const stream = csvFile('restrictions', { db: ctx.db, publicUrl: 'http://portal.test' });
    const chunks: string[] = [];
    for await (const chunk of stream) chunks.push(String(chunk));
    // The header, then one chunk per batch read.
    expect(chunks.length).toBe(1 + Math.ceil((before + 2100) / 1000));
    const { rows } = await files('restrictions');
    expect(rows.length).toBe(before + 2100);
  });
});
