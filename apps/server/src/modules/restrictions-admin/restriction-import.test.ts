import type { TRestrictionImportReport } from '@stp/shared';
import { restrictionImportColumns } from '@stp/shared';
import { count, eq, inArray, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restrictionAccess, restrictions, restrictionVersions } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { insertRestriction } from '../restrictions/test-support.js';
import { parseCsv } from './csv.js';

let ctx: TestContext;
let officer: TestClient;
let viewer: TestClient;
const path = '/api/admin/restrictions/import/';
const header =
  'title,country,sector,sub_sector,restriction_type,market_access,modes_of_supply,year_introduced,status';

async function signIn(permissions: string[], editCountries: string[] = []) {
  const account = await createAccount(ctx.db, { staff: true, permissions });
  for (const countryCode of editCountries)
    await ctx.db.insert(restrictionAccess).values({ userId: account.id, countryCode, canEdit: true });
  const client = ctx.client();
  await client.login(account.email, testPassword);
  return client;
}

function upload(client: TestClient, name: string, data: Buffer | string, mode?: 'valid') {
  const form = new FormData();
  if (mode) form.append('mode', mode);
  form.append('file', new Blob([data]), name);
  return client.request({ method: 'POST', url: path, payload: form });
}

const imported = async (prefix: string) =>
  (
    await ctx.db
      .select({ value: count() })
      .from(restrictions)
      .where(like(restrictions.title, `${prefix}%`))
  )[0]?.value;

beforeAll(async () => {
  ctx = await createTestContext();
  officer = await signIn(['restrictions.add_restriction', 'restrictions.view_restriction'], ['KE']);
  viewer = await signIn(['restrictions.view_restriction']);
});
afterAll(() => ctx.close());

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, new lines in quotes, CRLF, a BOM and semicolons', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\nlines",')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
    expect(parseCsv('a;b\n1;2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('POST /api/admin/restrictions/import/', () => {
  const csv = (prefix: string) =>
    [
      header,
      `${prefix} one,KE,1,1.A,licensing,yes,mode_1;3,2010,in_force`,
      `"${prefix} two, quoted",ke,1,,Licensing requirement,No,Mode 4,,`,
      `${prefix} three,KE,1,7.A,not_a_type,maybe,,1800,`,
      `${prefix} four,UG,1,,licensing,,,,`,
    ].join('\r\n');

  it('writes nothing when a row fails, and reports each row, field and message', async () => {
    const response = await upload(officer, 'batch.csv', csv('All or nothing'));
    expect(response.statusCode).toBe(422);
    const report = response.json<TRestrictionImportReport & { detail: string }>();
    expect(report.detail).toMatch(/Nothing was imported/);
    expect(report).toMatchObject({ mode: 'all', total_rows: 4, imported: 0 });
    expect(report.row_errors).toEqual(
      expect.arrayContaining([
        { row: 4, field: 'restriction_type', message: 'Select a valid choice.' },
        { row: 4, field: 'market_access', message: 'Select a valid choice.' },
        { row: 4, field: 'year_introduced', message: 'Enter a year from 1900 to 2099.' },
        expect.objectContaining({ row: 5, field: 'country', message: expect.stringMatching(/Uganda/) }),
      ]),
    );
    expect(report.row_errors.some((error) => error.row === 2 || error.row === 3)).toBe(false);
    expect(await imported('All or nothing')).toBe(0);
  });

  it('with mode=valid writes the valid rows, each with its version and audit row', async () => {
    const response = await upload(officer, 'batch.csv', csv('Valid only'), 'valid');
    expect(response.statusCode).toBe(200);
    const report = response.json<TRestrictionImportReport>();
    expect(report).toMatchObject({ mode: 'valid', total_rows: 4, imported: 2 });
    expect(new Set(report.row_errors.map((error) => error.row))).toEqual(new Set([4, 5]));
    const rows = await ctx.db.select().from(restrictions).where(like(restrictions.title, 'Valid only%'));
    expect(rows.map((row) => row.title).sort()).toEqual(['Valid only one', 'Valid only two, quoted']);
    const one = rows.find((row) => row.title === 'Valid only one');
    expect(one).toMatchObject({
      countryCode: 'KE',
      marketAccess: 'yes',
      modesOfSupply: ['mode_1', 'mode_3'],
    });
    const two = rows.find((row) => row.title !== 'Valid only one');
    expect(two).toMatchObject({
      restrictionType: 'licensing',
      marketAccess: 'no',
      modesOfSupply: ['mode_4'],
    });
    for (const row of rows) {
      const versions = await ctx.db
        .select()
        .from(restrictionVersions)
        .where(eq(restrictionVersions.restrictionId, row.id));
      expect(versions.map((version) => version.changeType)).toEqual(['created']);
      const audits = await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.objectId, String(row.id)));
      expect(audits.filter((audit) => audit.model === 'restrictions.restriction')).toHaveLength(1);
    }
  });

  it('writes a thousand rows of one title, each with a free slug, its version and its audit row', async () => {
    // Slugs of the title taken before: the base, -2 to -40 and -45.
    const taken = ['same-title-ke', ...Array.from({ length: 39 }, (_, i) => `same-title-ke-${i + 2}`)];
    for (const slug of [...taken, 'same-title-ke-45'])
      await insertRestriction(ctx.db, { slug, title: 'Same title (before)' });
    const rows = Array.from({ length: 1000 }, (_, i) => `Same title,KE,1,licensing,Row ${i + 1}`);
    const response = await upload(
      officer,
      'same.csv',
      ['title,country,sector,restriction_type,text_of_measure', ...rows].join('\n'),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TRestrictionImportReport>()).toMatchObject({ imported: 1000, row_errors: [] });
    const written = await ctx.db
      .select({ id: restrictions.id, slug: restrictions.slug, text: restrictions.textOfMeasure })
      .from(restrictions)
      .where(eq(restrictions.title, 'Same title'));
    const numbers = [41, 42, 43, 44, ...Array.from({ length: 996 }, (_, i) => 46 + i)];
    // The rows take the free numbers in the file's order.
    expect(new Map(written.map((row) => [row.text, row.slug]))).toEqual(
      new Map(numbers.map((number, i) => [`Row ${i + 1}`, `same-title-ke-${number}`])),
    );
    const ids = written.map((row) => row.id);
    const versions = await ctx.db
      .select({ id: restrictionVersions.restrictionId, type: restrictionVersions.changeType })
      .from(restrictionVersions)
      .where(inArray(restrictionVersions.restrictionId, ids));
    expect(versions).toHaveLength(1000);
    expect(new Set(versions.map((version) => version.type))).toEqual(new Set(['created']));
    const audits = await ctx.db
      .select({ objectId: auditLog.objectId, after: auditLog.after })
      .from(auditLog)
      .where(inArray(auditLog.objectId, ids.map(String)));
    expect(new Set(audits.map((audit) => audit.objectId))).toEqual(new Set(ids.map(String)));
    expect(audits.every((audit) => String(audit.after?.slug).startsWith('same-title-ke-'))).toBe(true);
  });

  it('reads xlsx files the same way', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Restrictions');
    sheet.addRow([...restrictionImportColumns]);
    sheet.addRow(['From Excel', 'KE', '1', '', '', '', 'licensing', 'yes', 'no']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(officer, 'batch.xlsx', data);
    expect(response.statusCode).toBe(200);
    expect(response.json<TRestrictionImportReport>()).toMatchObject({ imported: 1, row_errors: [] });
    expect(await imported('From Excel')).toBe(1);
  });

  it('refuses a missing column, another file type, an empty file and a user without add_', async () => {
    const missing = await upload(officer, 'batch.csv', 'title,country\nA,KE');
    expect(missing.statusCode).toBe(422);
    expect(missing.json<TRestrictionImportReport>().row_errors).toEqual(
      expect.arrayContaining([
        { row: 1, field: 'sector', message: expect.stringMatching(/column is missing/) },
      ]),
    );
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f5b3c30000000049454e44ae426082',
      'hex',
    );
    for (const [name, data] of [
      ['picture.png', png],
      ['notes.txt', 'hello'],
      ['batch.csv', png],
    ] as const) {
      const refused = await upload(officer, name, data);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ detail: string }>().detail).toBe('Choose a CSV or Excel (.xlsx) file.');
    }
    const empty = await upload(officer, 'batch.csv', `${header}\r\n\r\n`);
    expect(empty.json<{ detail: string }>().detail).toBe('The file has no rows to import.');
    const tooMany = await upload(
      officer,
      'batch.csv',
      [header, ...Array(1001).fill('A,KE,1,,licensing')].join('\n'),
    );
    expect(tooMany.json<{ detail: string }>().detail).toMatch(/more than 1000 rows/);
    expect((await upload(viewer, 'batch.csv', csv('Viewer'))).statusCode).toBe(403);
    expect(await imported('Viewer')).toBe(0);
  });

  it('offers the template: the header row of the columns', async () => {
    const response = await officer.request({ url: `${path}template/` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/restrictions-import-template\.csv/);
    expect(response.body.replace('\uFEFF', '').trim()).toBe(restrictionImportColumns.join(','));
  });
});
