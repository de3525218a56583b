// Issue 29, item 9: an xlsx import cannot exhaust memory or time. The zip's central directory is
// read before anything is inflated (entries, declared sizes), the bytes really inflated are counted,
// and the rows are counted while the sheet streams. Before: a 400 MB shared-strings bomb (a 413 KB
// file) took 23 s and 1.1 GB, and the row limit was checked after the whole file was parsed.
import {
  adminRestrictionTexts as texts,
  restrictionImportColumns,
  restrictionImportLimits,
  type TRestrictionImportReport,
} from '@stp/shared';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restrictionAccess, restrictions } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import {
  xlsxBomb,
  xlsxOfEntries,
  xlsxOfRowCount,
  xlsxOfRows,
  xlsxOfSheetData,
  xlsxWithHiddenBomb,
} from '../../test/hostile-files.js';

let ctx: TestContext;
let officer: TestClient;
const path = '/api/admin/restrictions/import/';

function upload(name: string, data: Buffer, mode: 'all' | 'valid' = 'all') {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', new Blob([data]), name);
  return officer.request({ method: 'POST', url: path, payload: form });
}

const imported = async (prefix: string) =>
  (
    await ctx.db
      .select({ value: count() })
      .from(restrictions)
      .where(like(restrictions.title, `${prefix}%`))
  )[0]?.value;

/**
 * The time a call takes and how far the process's memory rose above where it started: the highest
 * sampled RSS, or the process's peak RSS when the call raised it (a peak between two samples).
 */
async function measured<T>(call: () => Promise<T>) {
  const startRss = process.memoryUsage().rss;
  const startPeak = process.resourceUsage().maxRSS * 1024;
  let sampled = startRss;
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const result = await call();
    const ms = performance.now() - started;
    const endPeak = process.resourceUsage().maxRSS * 1024;
    const peak = Math.max(sampled, process.memoryUsage().rss, endPeak > startPeak ? endPeak : 0);
    return { result, ms, grewMb: (peak - startRss) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

// Generous for a loaded 2-core machine; the unguarded reader took 23 s and 1.1 GB on the first bomb.
const quickMs = 3_000;
const smallMb = 150;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createAccount(ctx.db, {
    staff: true,
    permissions: ['restrictions.add_restriction', 'restrictions.view_restriction'],
  });
  await ctx.db.insert(restrictionAccess).values({ userId: account.id, countryCode: 'KE', canEdit: true });
  officer = ctx.client();
  await officer.login(account.email, testPassword);
});
afterAll(() => ctx?.close());

describe('an xlsx import that would inflate past the limits', () => {
  it('is refused from its central directory, before anything is inflated: 400 MB of shared strings', async () => {
    const bomb = xlsxBomb(400);
    expect(bomb.length).toBeLessThan(restrictionImportLimits.megabytes * 1024 * 1024);
    const { result, ms, grewMb } = await measured(() => upload('bomb.xlsx', bomb));
    expect(result.statusCode, result.body).toBe(422);
    expect(result.json()).toMatchObject({
      detail: texts.importTooLargeUnpacked,
      errors: { file: texts.importTooLargeUnpacked },
    });
    expect(ms).toBeLessThan(quickMs);
    expect(grewMb).toBeLessThan(smallMb);
  });

  it('is stopped while inflating when its headers lie about the size (declares 1 MB, inflates 400 MB)', async () => {
    const { result, ms, grewMb } = await measured(() => upload('liar.xlsx', xlsxBomb(400, 1)));
    expect(result.statusCode, result.body).toBe(422);
    expect(result.json<{ detail: string }>().detail).toBe(texts.importUnreadable);
    expect(ms).toBeLessThan(quickMs);
    expect(grewMb).toBeLessThan(smallMb);
  });

  it('is not fooled by a bomb hidden in the local headers that the central directory does not list', async () => {
    const { result, ms, grewMb } = await measured(() => upload('hidden.xlsx', xlsxWithHiddenBomb(400)));
    // The listed parts are read: a header of two columns, so the template's columns are missing.
    expect(result.statusCode, result.body).toBe(422);
    expect(result.json<{ detail: string }>().detail).toBe(texts.importFailed);
    expect(ms).toBeLessThan(quickMs);
    expect(grewMb).toBeLessThan(smallMb);
  });

  it('is refused when it has more parts than the limit, and read when it has exactly the limit', async () => {
    const many = await upload('parts.xlsx', xlsxOfEntries(restrictionImportLimits.zipEntries + 1));
    expect(many.statusCode, many.body).toBe(422);
    expect(many.json<{ detail: string }>().detail).toBe(texts.importTooLargeUnpacked);
    const enough = await upload('parts.xlsx', xlsxOfEntries(restrictionImportLimits.zipEntries));
    expect(enough.json<{ detail: string }>().detail).toBe(texts.importFailed);
  });
});

describe('the cells and rows an xlsx import reads', () => {
  it('are at most 100,000 cells, counted before the sheet is parsed (exceljs builds a whole row first)', async () => {
    const columns = 2_500;
    const letters = (n: number): string =>
      (n > 26 ? letters(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));
    const row = (r: number) =>
      `<row r="${r}">${Array.from({ length: columns }, (_, c) => `<c r="${letters(c + 1)}${r}"><v>1</v></c>`).join('')}</row>`;
    const rows = Math.ceil((restrictionImportLimits.cells + 1) / columns);
    const file = xlsxOfSheetData(Array.from({ length: rows }, (_, i) => row(i + 1)).join(''));
    const response = await upload('wide.xlsx', file);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ detail: string }>().detail).toBe(texts.importTooLargeUnpacked);
  });

  it('are at most ten rows of any kind per data row allowed: blank rows are counted as they stream', async () => {
    const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>title</t></is></c></row>';
    const blank = (r: number) => `<row r="${r}" ht="20" customHeight="1"/>`;
    const count = restrictionImportLimits.rows * 10 + 1;
    const file = xlsxOfSheetData(header + Array.from({ length: count }, (_, i) => blank(i + 2)).join(''));
    const response = await upload('blank.xlsx', file);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ detail: string }>().detail).toBe(texts.importTooManyRows);
  });
});

describe('the row limit of an xlsx import', () => {
  const header = ['title', 'country', 'sector', 'restriction_type', 'market_access'];
  const row = ['Streamed row {n}', 'KE', '1', 'licensing', 'yes'];

  it('stops the reading at the first row past it: the rest of the sheet is never parsed', async () => {
    const rows = restrictionImportLimits.rows + 1;
    // Broken markup after the last row: a reader that parses the whole sheet first fails on it.
    const file = xlsxOfRowCount(header, row, rows, '<row r="99999"><c r="A99999"><v>broken');
    const response = await upload('rows.xlsx', file);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      detail: 'The file has more than 1000 rows. Split it into smaller files.',
      errors: { file: texts.importTooManyRows },
    });
    expect(await imported('Streamed row')).toBe(0);
  });

  it('takes exactly the limit: every row is read and checked (one bad row, nothing written)', async () => {
    const last = restrictionImportLimits.rows + 1;
    const badRow = `<row r="${last}"><c r="A${last}" t="inlineStr"><is><t>Streamed bad</t></is></c></row>`;
    const file = xlsxOfRowCount(
      header,
      row,
      restrictionImportLimits.rows - 1,
      `${badRow}</sheetData></worksheet>`,
    );
    const response = await upload('rows.xlsx', file);
    expect(response.statusCode, response.body).toBe(422);
    const report = response.json<TRestrictionImportReport & { detail: string }>();
    expect(report.detail).toBe(texts.importFailed);
    expect(report.total_rows).toBe(restrictionImportLimits.rows);
    expect(new Set(report.row_errors.map((error) => error.row))).toEqual(new Set([last]));
    expect(await imported('Streamed')).toBe(0);
  });
});

describe('a normal xlsx', () => {
  it('still imports, from an Excel-like file (shared strings, numbers, blank rows skipped)', async () => {
    const data = await xlsxOfRows([
      [...restrictionImportColumns],
      ['Normal xlsx one', 'KE', 1, '', '', '', 'licensing', 'yes', 'no'],
      [],
      ['Normal xlsx two', 'KE', 1, '', '', '', 'licensing', 'no', 'yes'],
    ]);
    const { result, ms } = await measured(() => upload('normal.xlsx', data));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json<TRestrictionImportReport>()).toMatchObject({
      total_rows: 2,
      imported: 2,
      row_errors: [],
    });
    expect(await imported('Normal xlsx')).toBe(2);
    expect(ms).toBeLessThan(quickMs);
  });
});
