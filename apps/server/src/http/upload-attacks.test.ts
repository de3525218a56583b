// Security matrix, uploads (issue 7): every upload route × every hostile file. Each must answer a
// clear 422 and write nothing (no row, no file in the store). Decisions: docs/uploads-and-limits.md.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { adminRestrictionTexts, messages } from '@stp/shared';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  complaintAttachments,
  complaintStatementAttachments,
  complaintStatements,
  complaints,
  restrictionAccess,
  restrictions,
  reviewLogs,
  users,
} from '../db/schema/index.js';
import { files, roles, signIn, validForm, zip } from '../modules/complaints/complaints.fixtures.js';
import { createAccount, testPassword } from '../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.js';

const maxMb = 1;
const invalidFile = messages.invalidFile;
const tooLarge = (mb: number) => `One can not upload files larger than ${mb}MB`;
const importWrongType = adminRestrictionTexts.importFileType;
// The request-wide NUL guard's refusal (Django's wording), which may answer before the file check.
const nullCharacterMessage = 'Null characters are not allowed.';

let ctx: TestContext;

/** A file part as the attacker writes it: the raw `filename` parameter, or an RFC 5987 `filename*`. */
interface FilePart {
  name: string;
  data: Buffer;
  /** `filename*=UTF-8''…` (percent-encoded) instead of the quoted `filename`. */
  encoded?: boolean;
}

/** A multipart body written byte by byte (FormData would escape what an attacker would not). */
function rawMultipart(fields: Record<string, string>, fileField: string, file: FilePart) {
  const boundary = `----stp-attack-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  const filename = file.encoded
    ? `filename*=UTF-8''${encodeURIComponent(file.name)}`
    : `filename="${file.name}"`;
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; ${filename}\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
      'utf8',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every file below the store's root, relative to it. */
async function storeContents(): Promise<string[]> {
  const root = ctx.config.uploads.dir;
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** What an upload could leave behind in the database. */
async function rowCounts() {
  const n = async (table: PgTable) => (await ctx.db.select({ value: count() }).from(table))[0]?.value ?? 0;
  const avatars = await ctx.db.select({ key: users.avatarKey }).from(users);
  return {
    complaints: await n(complaints),
    attachments: await n(complaintAttachments),
    statements: await n(complaintStatements),
    statementAttachments: await n(complaintStatementAttachments),
    reviewLogs: await n(reviewLogs),
    restrictions: await n(restrictions),
    audit: await n(auditLog),
    // The keys themselves: a replaced avatar keeps the count.
    avatars: avatars
      .map((row) => row.key)
      .filter(Boolean)
      .sort(),
  };
}

// ---- Hostile files -------------------------------------------------------------------------------

const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);
const jpeg = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 0x11),
  Buffer.from('ffd9', 'hex'),
]);
const jar = zip([
  ['META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\nMain-Class: Evil\n'],
  ['Evil.class', 'not really bytecode'],
]);

/** A PNG with a tEXt chunk: well-formed (IEND last), but its first bytes hold a web page. */
function pngWithText(text: string): Buffer {
  const iend = files.png.subarray(-12);
  const body = Buffer.from(`Comment\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + body.length);
  chunk.writeUInt32BE(body.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  body.copy(chunk, 8);
  return Buffer.concat([files.png.subarray(0, -12), chunk, iend]);
}

/** The native type of an endpoint, which the disguises below imitate. */
interface Native {
  ext: string;
  bytes: Buffer;
}

interface Attack {
  kind: string;
  label: string;
  file: FilePart;
  /** The refusal is about the size: the size message instead of the endpoint's format message. */
  oversize?: boolean;
  /** A NUL in the name: the request-wide NUL guard (http/null-characters.ts) may answer first. */
  nul?: boolean;
}

function attacksFor(native: Native, limitMb: number): Attack[] {
  const { ext, bytes } = native;
  const a = (kind: string, label: string, name: string, data: Buffer, extra: Partial<FilePart> = {}) => ({
    kind,
    label,
    file: { name, data, ...extra },
  });
  return [
    a('wrong magic bytes', `an ELF program named .${ext}`, `report.${ext}`, elf),
    a('wrong magic bytes', `a Windows program named .${ext}`, `report.${ext}`, files.exe),
    a('wrong magic bytes', `an HTML page named .${ext}`, `report.${ext}`, html),
    a('wrong magic bytes', `a zip named .${ext}`, `report.${ext}`, files.plainZip),
    a('polyglot', 'a PNG followed by HTML', 'photo.png', Buffer.concat([files.png, html])),
    a('polyglot', 'a well-formed PNG whose text chunk is HTML', 'photo.png', pngWithText(html.toString())),
    a('polyglot', 'a PNG followed by a zip', 'photo.png', Buffer.concat([files.png, files.plainZip])),
    a('polyglot', 'GIFAR: a GIF followed by a jar', 'photo.gif', Buffer.concat([files.gif, jar])),
    a('polyglot', 'a JPEG followed by HTML', 'photo.jpg', Buffer.concat([jpeg, html])),
    a(
      'polyglot',
      'a PDF header followed by HTML',
      'report.pdf',
      Buffer.concat([files.pdf.subarray(0, 9), html]),
    ),
    a('polyglot', 'a PDF followed by a zip', 'report.pdf', Buffer.concat([files.pdf, files.plainZip])),
    a('polyglot', `.${ext} content followed by HTML`, `report.${ext}`, Buffer.concat([bytes, html])),
    a('double extension', `${ext} bytes named .${ext}.exe`, `invoice.${ext}.exe`, bytes),
    a('double extension', `${ext} bytes named .${ext}.html`, `photo.${ext}.html`, bytes),
    a('double extension', 'a direction override hiding .exe', `invoice\u202Eexe.${ext}`, bytes),
    a('path traversal', '../../etc/passwd', '../../etc/passwd', bytes),
    a('path traversal', `../../etc/evil.${ext}`, `../../etc/evil.${ext}`, bytes),
    a('path traversal', '..\\..\\win.ini', '..\\..\\win.ini', bytes),
    a('path traversal', `..\\..\\evil.${ext}`, `..\\..\\evil.${ext}`, bytes),
    a('path traversal', 'an absolute path', `/var/www/evil.${ext}`, bytes),
    a('path traversal', 'a Windows drive', `C:\\Windows\\evil.${ext}`, bytes),
    a('path traversal', 'a traversal in filename*', `../../evil.${ext}`, bytes, { encoded: true }),
    {
      ...a('path traversal', 'a NUL in filename*', `evil.${ext}\0.exe`, bytes, { encoded: true }),
      nul: true,
    },
    {
      ...a('path traversal', 'a NUL before the extension', `evil\0.${ext}`, bytes, { encoded: true }),
      nul: true,
    },
    a('path traversal', 'a name of 300 characters', `${'a'.repeat(300)}.${ext}`, bytes),
    a('path traversal', 'the name ..', '..', bytes),
    a('zero bytes', 'an empty file', `empty.${ext}`, Buffer.alloc(0)),
    {
      ...a(
        'oversize',
        `${limitMb} MB and one byte`,
        `big.${ext}`,
        Buffer.concat([bytes, Buffer.alloc(limitMb * 1024 * 1024 + 1 - bytes.length, 0x20)]),
      ),
      oversize: true,
    },
  ];
}

// ---- The upload routes ---------------------------------------------------------------------------

interface UploadRoute {
  /** `METHOD /path` as in the route table. */
  route: string;
  url: () => string;
  client: () => TestClient;
  fields: Record<string, string>;
  fileField: string;
  native: Native;
  limitMb: number;
  /** The refusal of a bad format: status 422 and this body. */
  refused: Record<string, unknown>;
  /** The refusal of an oversize file. */
  tooLarge: Record<string, unknown>;
}

let applicant: TestClient;
let waitingSlug = '';
let imageEditor: TestClient;
let importer: TestClient;
let avatarOwner: TestClient;
let supporter: TestClient;
let supportedReference = '';

const invalidFileBody = (field: string) => ({
  title: 'Invalid File',
  detail: invalidFile,
  errors: { [field]: invalidFile },
});

const uploadRoutes: UploadRoute[] = [
  {
    route: 'POST /api/complaints/',
    url: () => '/api/complaints/',
    client: () => applicant,
    fields: validForm(),
    fileField: 'attachments',
    native: { ext: 'pdf', bytes: files.pdf },
    limitMb: maxMb,
    refused: invalidFileBody('attachments'),
    tooLarge: { detail: tooLarge(maxMb) },
  },
  {
    route: 'POST /api/complaints/:slug/respond/',
    url: () => `/api/complaints/${waitingSlug}/respond/`,
    client: () => applicant,
    fields: { message: 'Here is the letter you asked for.' },
    fileField: 'attachments',
    native: { ext: 'pdf', bytes: files.pdf },
    limitMb: maxMb,
    refused: invalidFileBody('attachments'),
    tooLarge: { detail: tooLarge(maxMb) },
  },
  {
    route: 'POST /api/admin/page-templates/images/',
    url: () => '/api/admin/page-templates/images/',
    client: () => imageEditor,
    fields: {},
    fileField: 'attachments',
    native: { ext: 'png', bytes: files.png },
    limitMb: maxMb,
    refused: invalidFileBody('attachments'),
    tooLarge: { detail: tooLarge(maxMb) },
  },
  {
    route: 'POST /api/admin/restrictions/import/',
    url: () => '/api/admin/restrictions/import/',
    client: () => importer,
    fields: { mode: 'valid' },
    fileField: 'file',
    native: {
      ext: 'csv',
      bytes: Buffer.from(
        'title,country,sector,sub_sector,restriction_type,market_access,modes_of_supply,year_introduced,status\r\n' +
          'Upload attack row,KE,1,1.A,licensing,yes,mode_1,2010,in_force\r\n',
      ),
    },
    limitMb: 2,
    refused: { detail: importWrongType, errors: { file: importWrongType } },
    tooLarge: { detail: tooLarge(2) },
  },
  {
    route: 'POST /api/profile/update/',
    url: () => '/api/profile/update/',
    client: () => avatarOwner,
    fields: {},
    fileField: 'avatar',
    native: { ext: 'png', bytes: files.png },
    limitMb: maxMb,
    // The profile form's convention: the form message as detail, the file's message on its field.
    refused: { title: 'Invalid File', errors: { avatar: invalidFile } },
    tooLarge: { detail: tooLarge(maxMb) },
  },
  {
    // "Add my case to this one" (issue 34 item 3): another trader's statement with their documents.
    route: 'POST /api/complaint-support/:reference/',
    url: () => `/api/complaint-support/${supportedReference}/`,
    client: () => supporter,
    fields: { statement: 'The same office refused our licence the same way.' },
    fileField: 'attachments',
    native: { ext: 'pdf', bytes: files.pdf },
    limitMb: maxMb,
    refused: invalidFileBody('attachments'),
    tooLarge: { detail: tooLarge(maxMb) },
  },
];

/**
 * The avatar's file name is dropped by the parser (@fastify/multipart keyValues) and never stored or
 * served: the avatar is judged by its bytes alone, so a hostile name on good bytes changes nothing.
 */
const nameBlind = new Set(['POST /api/profile/update/']);

function send(target: UploadRoute, file: FilePart) {
  const body = rawMultipart(target.fields, target.fileField, file);
  return target.client().request({
    method: 'POST',
    url: target.url(),
    payload: body.payload,
    headers: body.headers,
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_MAX_MB: String(maxMb) });
  applicant = (await signIn(ctx, roles.client())).client;
  // A complaint waiting for the applicant's answer (the reviewers' request is not what is tested here).
  const lodged = await applicant.request({ method: 'POST', url: '/api/complaints/', payload: validForm() });
  expect(lodged.statusCode, lodged.body).toBe(201);
  waitingSlug = lodged.json<{ slug: string }>().slug;
  await ctx.db
    .update(complaints)
    .set({ status: 'information_requested' })
    .where(eq(complaints.slug, waitingSlug));
  imageEditor = await ctx.signedIn(['core.add_pagetemplate', 'core.view_pagetemplate']);
  const officer = await createAccount(ctx.db, {
    staff: true,
    permissions: ['restrictions.add_restriction', 'restrictions.view_restriction'],
  });
  await ctx.db.insert(restrictionAccess).values({ userId: officer.id, countryCode: 'KE', canEdit: true });
  importer = ctx.client();
  await importer.login(officer.email, testPassword);
  avatarOwner = (await signIn(ctx, roles.client())).client;
  // An open complaint of the applicant that another trader supports.
  const supported = await applicant.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: validForm(),
  });
  expect(supported.statusCode, supported.body).toBe(201);
  supportedReference = supported.json<{ reference: string }>().reference;
  supporter = (await signIn(ctx, roles.client())).client;
});
afterAll(() => ctx?.close());

describe('the upload routes', () => {
  it('are every route that accepts a file: the OpenAPI multipart routes and a probe of all the others', async () => {
    const known = new Set(uploadRoutes.map((target) => target.route));
    const document = ctx.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    for (const [url, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const content = JSON.stringify(operation.requestBody?.content ?? {});
        if (!/multipart|attachments|avatar/.test(content)) continue;
        const route = `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`;
        expect(known, `${route} takes files: add it to uploadRoutes`).toContain(route);
      }

    // Every other POST, PUT and PATCH route, as a superuser, with a good PNG under the usual field names: none may
    // store it (a new upload route that is not in the matrix above fails here).
    const admin = (await signIn(ctx, roles.superuser())).client;
    const before = await storeContents();
    const others = ctx.app.routeTable.filter(
      (route) =>
        // A DELETE carries no body in this API (purges take the id only).
        !['GET', 'DELETE'].includes(route.method) &&
        !known.has(`${route.method} ${route.url}`) &&
        route.url !== '/api/auth/logout/' &&
        !route.url.startsWith('/api/*'),
    );
    expect(others.length).toBeGreaterThan(30);
    const probe = async (route: (typeof others)[number]) => {
      const url = route.url
        .replace(/:id\b/g, '999999')
        .replace(/:token\b/g, 'x'.repeat(40))
        .replace(/:(\w+)/g, 'no-such-thing');
      const form = new FormData();
      form.append('title', 'probe');
      for (const field of ['attachments', 'file', 'avatar', 'image', 'banner', 'upload'])
        form.append(field, new Blob([files.png]), 'probe.png');
      const response = await admin.request({ method: route.method, url, payload: form });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(500);
    };
    for (let start = 0; start < others.length; start += 8)
      await Promise.all(others.slice(start, start + 8).map(probe));
    expect(await storeContents(), 'a route outside the matrix stored a file').toEqual(before);
  });

  it('accept a good file of their type (so the refusals below are about the file)', async () => {
    for (const target of uploadRoutes) {
      const response = await send(target, { name: `fine.${target.native.ext}`, data: target.native.bytes });
      expect(response.statusCode, `${target.route}: ${response.body}`).toBeLessThan(300);
    }
    // The support route took the trader's one statement: remove it for the refusals below.
    await ctx.db.delete(complaintStatements);
    // The respond route answered: ask again for the refusals below.
    await ctx.db
      .update(complaints)
      .set({ status: 'information_requested' })
      .where(eq(complaints.slug, waitingSlug));
  });
});

for (const target of uploadRoutes) {
  describe(target.route, () => {
    const attacks = attacksFor(target.native, target.limitMb).filter(
      (attack) =>
        !(nameBlind.has(target.route) && ['double extension', 'path traversal'].includes(attack.kind)),
    );
    it(`refuses ${attacks.length} hostile files with 422 and writes nothing`, async () => {
      const store = await storeContents();
      const rows = await rowCounts();
      for (const attack of attacks) {
        const response = await send(target, attack.file);
        const what = `${target.route}, ${attack.kind}: ${attack.label}`;
        expect(response.statusCode, `${what} → ${response.body}`).toBe(422);
        const body = response.json<{ errors?: Record<string, string> }>();
        if (attack.nul && body.errors && Object.values(body.errors).includes(nullCharacterMessage)) continue;
        expect(body, what).toMatchObject(attack.oversize ? target.tooLarge : target.refused);
      }
      expect(await storeContents(), `${target.route} left a file`).toEqual(store);
      expect(await rowCounts(), `${target.route} wrote a row`).toEqual(rows);
    });
  });
}

describe('a name that is accepted', () => {
  it('never becomes a path: the key is generated inside the store and the name served back is clean', async () => {
    const name = 'Lettre "finale"; résumé.pdf';
    const before = await storeContents();
    const response = await applicant.request({
      method: 'POST',
      url: '/api/complaints/',
      ...rawMultipart(validForm(), 'attachments', { name, data: files.pdf, encoded: true }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(complaintAttachments)
      .innerJoin(complaints, eq(complaints.id, complaintAttachments.complaintId))
      .where(eq(complaints.slug, response.json<{ slug: string }>().slug));
    const key = row!.complaint_attachments.storageKey;
    expect(key).toMatch(/^complaints\/[0-9a-f-]{36}\.pdf$/);
    const added = (await storeContents()).filter((file) => !before.includes(file));
    expect(added).toEqual([key]);
    const resolved = path.resolve(ctx.config.uploads.dir, key);
    expect(resolved.startsWith(path.resolve(ctx.config.uploads.dir) + path.sep)).toBe(true);
    expect(row!.complaint_attachments.originalName).toBe(name);

    const detail = await applicant.request({ url: `/api/complaints/${row!.complaints.slug}/` });
    const [attachment] = detail.json<{ attachments: { url: string; name: string }[] }>().attachments;
    expect(attachment!.name).toBe(name);
    const download = await applicant.request({ url: attachment!.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Lettre _finale_; r_sum_.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toBe('application/pdf');
  });

  it('stores a page image and an avatar under generated keys of their type, whatever they were called', async () => {
    const image = await send(uploadRoutes[2]!, { name: 'banner.PNG', data: files.png });
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json<{ key: string }>().key).toMatch(/^page-images\/[0-9a-f-]{36}\.png$/);
    const avatar = await send(uploadRoutes[4]!, { name: '../../etc/passwd.html', data: files.gif });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const stored = (await storeContents()).filter((file) => file.startsWith('avatars/'));
    for (const file of stored) expect(file).toMatch(/^avatars\/[0-9a-f-]{36}\.(png|gif)$/);
    const served = await avatarOwner.request({ url: '/api/profile/avatar/' });
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.equals(files.gif)).toBe(true);
  });
});
