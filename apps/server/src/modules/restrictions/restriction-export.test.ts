import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv-reader.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { csvCell, restrictionBatches } from './restriction-export.js';
import { resolveFilters } from './restriction-query.js';
import { catalogueReference } from '../sectors/catalogue-reference.js';
import { insertRestriction } from './test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // More rows than one keyset batch would matter for; enough to check the filter and the quoting.
  for (let i = 0; i < 12; i++) {
    await insertRestriction(ctx.db, {
      title: i === 0 ? 'Quoted "title", with comma\nand line' : `Measure ${i}`,
      countryCode: i % 3 === 0 ? 'UG' : 'KE',
      marketAccess: i % 2 === 0 ? 'yes' : 'no',
      modesOfSupply: ['mode_1', 'mode_3'],
    });
  }
  await insertRestriction(ctx.db, { title: 'Archived', countryCode: 'UG', archived: true });
});
afterAll(() => ctx.close());

describe('GET /api/restrictions/export/', () => {
  it('streams a CSV of every matching row with a BOM, a header and human labels', async () => {
    const response = await ctx.client().request({ url: '/api/restrictions/export/?format=csv&country=UG' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="restrictions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]?.slice(0, 3)).toEqual(['Title', 'Country', 'Sector']);
    const data = rows.slice(1);
    expect(data).toHaveLength(4);
    expect(data.every((row) => row[1] === 'Uganda')).toBe(true);
    expect(data.map((row) => row[0])).toContain('Quoted "title", with comma\nand line');
    expect(data.every((row) => row.length === rows[0]?.length)).toBe(true);
    expect(data[0]?.[10]).toBe('Mode 1: Cross-border supply; Mode 3: Commercial presence');
  });

  it('exports in French and every row when unfiltered (not one page), archived left out', async () => {
    const response = await ctx
      .client()
      .request({ url: '/api/restrictions/export/?lang=fr&market_access=yes' });
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]?.[0]).toBe('Titre');
    expect(rows).toHaveLength(1 + 6);
    expect(rows.slice(1).every((row) => row[7] === 'Oui')).toBe(true);
    const all = parseCsv((await ctx.client().request({ url: '/api/restrictions/export/' })).body.slice(1));
    expect(all).toHaveLength(1 + 12);
  });

  it('streams a valid xlsx workbook with the same rows', async () => {
    const response = await ctx.client().request({ url: '/api/restrictions/export/?format=xlsx&country=UG' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/filename="restrictions-[\d-]+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(1 + 4);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Title');
    expect(sheet?.getRow(2).getCell(2).value).toBe('Uganda');
  });

  it('answers 422 for bad filters or format before streaming anything', async () => {
    const bad = await ctx.client().request({ url: '/api/restrictions/export/?format=pdf&country=Kenya' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['country', 'format']);
    const unknown = await ctx.client().request({ url: '/api/restrictions/export/?sector=nope' });
    expect(unknown.statusCode).toBe(422);
  });

  it('reads the rows in keyset batches, each row once', async () => {
    const filters = resolveFilters({}, await catalogueReference(ctx.db));
    const sizes: number[] = [];
    const seen: number[] = [];
    for await (const rows of restrictionBatches(ctx.db, filters, 5)) {
      sizes.push(rows.length);
      seen.push(...rows.map((row) => row.id));
    }
    expect(sizes).toEqual([5, 5, 2]);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(12);
  });

  it('quotes cells and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(0.5)).toBe('0.5');
    expect(csvCell(null)).toBe('');
  });
});
