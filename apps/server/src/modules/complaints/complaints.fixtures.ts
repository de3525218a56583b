// Test support of the complaints suites: accounts by role, files by type, the multipart form.
import { count } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { complaints } from '../../db/schema/index.js';
import { createAccount, testPassword, type AccountOptions } from '../../test/factories.js';
import type { TestContext } from '../../test/harness.js';

export const files = {
  // A 1x1 transparent PNG.
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'.padEnd(400, ' '), 'latin1'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  csv: Buffer.from('country,fee\nKE,120\nTZ,"1,500"\nRW,Élevé\n', 'utf8'),
  txt: Buffer.from('Notes of the meeting with the licensing office.\n', 'utf8'),
  binaryTxt: Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02]),
  badUtf8Csv: Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xc3, 0x28, 0x0a]),
  docx: zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<w:document/>'],
  ]),
  plainZip: zip([['notes.txt', 'just a zip']]),
};

/** A stored (uncompressed) zip of text entries: enough for magic-byte detection. */
export function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A valid complaint form about Kenya. */
export function validForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    restriction_type: 'licensing',
    details_of_occurrence: 'The licensing office refused my application because I am not a Kenyan citizen.',
    date_of_occurrence: '2026-01-15',
    country_code: 'KE',
    brief_description: 'Licence refused to an EAC national',
    ...overrides,
  };
}

/** The public record a resolve or reject decision carries (docs/complaints-public-record.md). */
export const publicRecord = {
  public_summary: 'A licensing condition applied to a partner-state supplier was reviewed.',
  resolution_note: 'The regulator lifted the condition for suppliers from the partner states.',
};

/** The multipart body of a form with files (name -> bytes) under `attachments`. */
export function multipart(fields: Record<string, string>, uploads: [string, Buffer][] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, bytes] of uploads) data.append('attachments', new Blob([bytes]), name);
  return data;
}

/** A signed-in test client for a new account. */
export async function signIn(ctx: TestContext, options: AccountOptions = {}) {
  const user = await createAccount(ctx.db, options);
  const client = ctx.client();
  const response = await client.login(user.email, testPassword);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { user, client };
}

export const roles = {
  client: (locale: 'en' | 'fr' = 'en'): AccountOptions => ({ locale }),
  regulator: (country: string, locale: 'en' | 'fr' = 'en'): AccountOptions => ({
    staff: true,
    groups: ['Regulators'],
    country,
    locale,
  }),
  regional: (locale: 'en' | 'fr' = 'en'): AccountOptions => ({
    staff: true,
    groups: ['Regional reviewers'],
    country: 'TZ',
    locale,
  }),
  council: (): AccountOptions => ({ staff: true, groups: ['Council'], country: 'UG' }),
  editor: (): AccountOptions => ({ staff: true, groups: ['Content editors'] }),
  superuser: (): AccountOptions => ({ superuser: true }),
};

export async function complaintCount(ctx: TestContext): Promise<number> {
  const [row] = await ctx.db.select({ value: count() }).from(complaints);
  return row?.value ?? 0;
}

/** Every file under the store's complaints folder. */
export async function storedFiles(ctx: TestContext): Promise<string[]> {
  try {
    return (await readdir(path.join(ctx.config.uploads.dir, 'complaints'))).sort();
  } catch {
    return [];
  }
}
