import { messages, type TComplaintDetail, type TPublicComplaintListItem } from '@stp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintAttachments, complaints, users } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import {
  complaintCount,
  files,
  multipart,
  roles,
  signIn,
  storedFiles,
  validForm,
} from './complaints.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function lodge(client: TestClient, fields = validForm(), uploads: [string, Buffer][] = []) {
  return client.request({ method: 'POST', url: '/api/complaints/', payload: multipart(fields, uploads) });
}

async function lodged(client: TestClient, fields = validForm(), uploads: [string, Buffer][] = []) {
  const response = await lodge(client, fields, uploads);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ reference: string; slug: string; detail: string }>();
}

describe('lodging a complaint', () => {
  it('registers it with its files at the first stage, and mails the applicant and the regulators', async () => {
    const { user, client } = await signIn(ctx, roles.client('fr'));
    const regulatorKe = await signIn(ctx, roles.regulator('KE', 'fr'));
    const regulatorTz = await signIn(ctx, roles.regulator('TZ'));
    const before = await storedFiles(ctx);
    const started = Date.now();
    const body = await lodged(client, validForm(), [
      ['letter.pdf', files.pdf],
      ['photo.png', files.png],
      ['fees.csv', files.csv],
      ['report.docx', files.docx],
    ]);
    expect(body.reference).toMatch(/^CMP-\d{4}-\d{6}$/);
    expect(body.slug).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.detail).toContain(body.reference);

    const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, body.slug));
    expect(row).toMatchObject({
      applicantId: user.id,
      status: 'submitted',
      stage: 'regulator',
      source: 'web',
      version: 1,
      countryCode: 'KE',
    });
    const due = row!.stageDueAt!.getTime() - row!.stageStartedAt!.getTime();
    expect(due).toBe(14 * 86_400_000);
    expect(row!.stageStartedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);

    const stored = await ctx.db
      .select()
      .from(complaintAttachments)
      .where(eq(complaintAttachments.complaintId, row!.id));
    expect(stored.map((file) => [file.originalName, file.contentType])).toEqual([
      ['letter.pdf', 'application/pdf'],
      ['photo.png', 'image/png'],
      ['fees.csv', 'text/csv; charset=utf-8'],
      ['report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    for (const file of stored)
      expect(file.storageKey).toMatch(/^complaints\/[0-9a-f-]{36}\.(pdf|png|csv|docx)$/);
    expect((await storedFiles(ctx)).length).toBe(before.length + 4);

    const mail = await ctx.mail.waitFor(user.email);
    expect(mail.subject).toBe(`Plainte ${body.reference} enregistrée`);
    expect(mail.text).toContain(body.reference);
    expect(mail.text).toContain(`http://portal.test/public/complaints/${body.slug}`);
    const reviewerMail = await ctx.mail.waitFor(regulatorKe.user.email);
    expect(reviewerMail.subject).toBe(`Plainte ${body.reference} à examiner (KE)`);
    expect(ctx.mail.messages.some((m) => JSON.stringify(m.to).includes(regulatorTz.user.email))).toBe(false);
  });

  it('continues the running number of the existing references, across years', async () => {
    const { user, client } = await signIn(ctx, roles.client());
    await ctx.db.insert(complaints).values({
      reference: 'CMP-2025-000500',
      applicantId: user.id,
      restrictionType: 'licensing',
      detailsOfOccurrence: 'Older complaint',
      dateOfOccurrence: '2025-03-01',
      countryCode: 'TZ',
      briefDescription: 'Older',
      status: 'resolved',
      createdAt: new Date('2025-03-02T10:00:00Z'),
    });
    const body = await lodged(client);
    expect(body.reference).toBe(`CMP-${new Date().getUTCFullYear()}-000501`);
    // Two at once never share a number.
    const [a, b] = await Promise.all([lodged(client), lodged(client)]);
    expect(new Set([a.reference, b.reference, body.reference]).size).toBe(3);
    expect([a.reference, b.reference].sort()).toEqual([
      `CMP-${new Date().getUTCFullYear()}-000502`,
      `CMP-${new Date().getUTCFullYear()}-000503`,
    ]);
  });

  it('answers a visitor 401 with the spec text', async () => {
    const client = ctx.client();
    await client.openHostPage();
    const response = await lodge(client, validForm(), [['a.pdf', files.pdf]]);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe(messages.mustLogIn);
  });

  it('refuses staff and superusers with 403', async () => {
    for (const role of [roles.regional(), roles.superuser(), roles.editor()]) {
      const { client } = await signIn(ctx, role);
      const response = await lodge(client);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('Staff accounts may not register complaints.');
    }
  });

  it('reports every field error with 422 and stores nothing', async () => {
    const { client } = await signIn(ctx, roles.client());
    const count = await complaintCount(ctx);
    const response = await lodge(client, {});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'brief_description',
      'country_code',
      'date_of_occurrence',
      'details_of_occurrence',
      'restriction_type',
    ]);
    const cases: [Record<string, string>, string, string][] = [
      [
        { date_of_occurrence: '2099-01-01' },
        'date_of_occurrence',
        'The date of occurrence cannot be in the future.',
      ],
      [
        { date_of_occurrence: '1899-12-31' },
        'date_of_occurrence',
        'Enter a date between 1900-01-01 and 2099-12-31.',
      ],
      [{ date_of_occurrence: '2025-02-30' }, 'date_of_occurrence', 'Enter a valid date (yyyy-MM-dd).'],
      [{ restriction_type: 'nonsense' }, 'restriction_type', 'Select a valid type of restriction.'],
      [{ country_code: 'ZZ' }, 'country_code', 'Select a valid country.'],
      [{ restriction: 'no-such-restriction' }, 'restriction', 'Select a valid restriction.'],
      [{ sector_id: '999999' }, 'sector_id', 'Select a valid sector.'],
      [
        { brief_description: 'x'.repeat(301) },
        'brief_description',
        'Ensure this field has no more than 300 characters.',
      ],
    ];
    for (const [override, field, message] of cases) {
      const bad = await lodge(client, validForm(override));
      expect(bad.statusCode, field).toBe(422);
      expect(bad.json().errors[field]).toBe(message);
    }
    expect(await complaintCount(ctx)).toBe(count);
  });

  it('refuses files whose bytes are not an allowed type, whatever their name, and stores nothing', async () => {
    const { client } = await signIn(ctx, roles.client());
    const count = await complaintCount(ctx);
    const before = await storedFiles(ctx);
    const refused: [string, Buffer][] = [
      ['letter.pdf', files.png], // a PNG named .pdf
      ['letter.pdf', files.exe], // a program named .pdf
      ['setup.exe', files.exe],
      ['photo.png', Buffer.concat([files.png, files.docx])], // polyglot: PNG head, docx tail
      ['report.docx', Buffer.concat([files.png, files.docx])],
      ['report.docx', files.plainZip], // a zip that is no Office document
      ['archive.zip', files.plainZip],
      ['notes.txt', files.binaryTxt], // NUL bytes
      ['fees.csv', files.badUtf8Csv],
      ['notes.html', files.txt], // text, but not an allowed name
      ['notes.txt', files.pdf], // a PDF named .txt
      ['empty.pdf', Buffer.alloc(0)],
    ];
    for (const upload of refused) {
      const response = await lodge(client, validForm(), [['fine.pdf', files.pdf], upload]);
      expect(response.statusCode, upload[0]).toBe(422);
      expect(response.json()).toMatchObject({
        title: 'Invalid File',
        detail: 'You can not upload this file as the file format is not allowed at this time',
      });
    }
    expect(await complaintCount(ctx)).toBe(count);
    expect(await storedFiles(ctx)).toEqual(before);
  });

  it('refuses a file over the limit with the spec text instead of storing it truncated', async () => {
    const { client } = await signIn(ctx, roles.client());
    const count = await complaintCount(ctx);
    const big = Buffer.concat([files.pdf, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const response = await lodge(client, validForm(), [['big.pdf', big]]);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('One can not upload files larger than 10MB');
    expect(await complaintCount(ctx)).toBe(count);
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([files.pdf, Buffer.alloc(10 * 1024 * 1024 - files.pdf.length, 0x20)]);
    expect((await lodge(client, validForm(), [['limit.pdf', atLimit]])).statusCode).toBe(201);
  });

  it('refuses more than 10 files', async () => {
    const { client } = await signIn(ctx, roles.client());
    const uploads = Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, files.txt] as [string, Buffer]);
    const response = await lodge(client, validForm(), uploads);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.attachments).toBe('Attach at most 10 files.');
  });

  it('stores files under generated keys, never the name given; a name with a folder part is refused', async () => {
    const { client } = await signIn(ctx, roles.client());
    // More names in src/http/upload-attacks.test.ts.
    for (const name of ['../../../etc/passwd.txt', '..\\..\\windows\\boot.csv'])
      expect((await lodge(client, validForm(), [[name, files.txt]])).statusCode, name).toBe(422);
    const body = await lodged(client, validForm(), [
      ['passwd.txt', files.txt],
      ['boot.csv', files.csv],
    ]);
    const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, body.slug));
    const stored = await ctx.db
      .select()
      .from(complaintAttachments)
      .where(eq(complaintAttachments.complaintId, row!.id));
    expect(stored.map((file) => file.originalName)).toEqual(['passwd.txt', 'boot.csv']);
    for (const file of stored) expect(file.storageKey).toMatch(/^complaints\/[0-9a-f-]{36}\.(txt|csv)$/);
  });

  it('leaves no complaint and no file behind when the transaction fails after the files were written', async () => {
    const { client } = await signIn(ctx, roles.client());
    const count = await complaintCount(ctx);
    const before = await storedFiles(ctx);
    await ctx.db.execute(sql`create function complaints_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'forced failure'; end $$`);
    await ctx.db.execute(sql`create trigger complaints_test_fail before insert on complaint_attachments
      for each row execute function complaints_test_fail()`);
    try {
      const response = await lodge(client, validForm(), [
        ['a.pdf', files.pdf],
        ['b.png', files.png],
      ]);
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger complaints_test_fail on complaint_attachments`);
      await ctx.db.execute(sql`drop function complaints_test_fail()`);
    }
    expect(await complaintCount(ctx)).toBe(count);
    expect(await storedFiles(ctx)).toEqual(before);
  });
});

describe('complaint detail and downloads', () => {
  let applicant: Awaited<ReturnType<typeof signIn>>;
  let created: { reference: string; slug: string };
  let detail: TComplaintDetail;

  beforeAll(async () => {
    applicant = await signIn(ctx, roles.client());
    created = await lodged(applicant.client, validForm(), [['evidence.pdf', files.pdf]]);
    detail = (await applicant.client.request({ url: `/api/complaints/${created.slug}/` })).json();
  });

  it('shows the applicant their complaint without reviewer identities or staff fields', () => {
    expect(detail).toMatchObject({
      reference: created.reference,
      status: 'submitted',
      stage: 'regulator',
      message: 'Please wait for the regulator review process to end.',
      applicant: null,
      sms_phone: null,
      date_resolved: null,
      can_respond: false,
      allowed_decisions: [],
      can_archive: false,
      can_purge: false,
    });
    expect(detail.attachments).toHaveLength(1);
    expect(detail.attachments[0]!.name).toBe('evidence.pdf');
  });

  it('is visible to the applicant, the reviewers of the country and later stages, superusers; 404 to others', async () => {
    const visible = [roles.regulator('KE'), roles.regional(), roles.council(), roles.superuser()];
    for (const role of visible) {
      const { client } = await signIn(ctx, role);
      const response = await client.request({ url: `/api/complaints/${created.slug}/` });
      expect(response.statusCode).toBe(200);
      expect(response.json().applicant.id).toBe(applicant.user.id);
    }
    const hidden = [roles.client(), roles.regulator('TZ'), roles.editor()];
    for (const role of hidden) {
      const { client } = await signIn(ctx, role);
      expect((await client.request({ url: `/api/complaints/${created.slug}/` })).statusCode).toBe(404);
    }
    const visitor = ctx.client();
    expect((await visitor.request({ url: `/api/complaints/${created.slug}/` })).statusCode).toBe(401);
    for (const slug of [created.reference, created.reference.toLowerCase(), 'not-a-slug']) {
      expect((await applicant.client.request({ url: `/api/complaints/${slug}/` })).statusCode).toBe(404);
    }
  });

  it('serves a document as a download to those who may see the complaint', async () => {
    const url = detail.attachments[0]!.url;
    const response = await applicant.client.request({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="evidence.pdf"; filename*=UTF-8''evidence.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.equals(files.pdf)).toBe(true);
    const regional = await signIn(ctx, roles.regional());
    expect((await regional.client.request({ url })).statusCode).toBe(200);
    for (const role of [roles.client(), roles.regulator('TZ')]) {
      const { client } = await signIn(ctx, role);
      expect((await client.request({ url })).statusCode).toBe(404);
    }
    const wrongId = url.replace(/\/(\d+)\/$/, (_m, id: string) => `/${Number(id) + 1000}/`);
    expect((await applicant.client.request({ url: wrongId })).statusCode).toBe(404);
  });
});

describe('public complaints list', () => {
  it('lists complaints without any personal data, with filters, sorting and pages', async () => {
    const { client } = await signIn(ctx, roles.client());
    await lodged(client, validForm({ country_code: 'RW', brief_description: 'Rwanda fee' }));
    const permit = await lodged(
      client,
      validForm({ country_code: 'RW', brief_description: 'Rwanda permit', restriction_type: 'work_permit' }),
    );
    const visitor = ctx.client();
    const response = await visitor.request({
      url: '/api/complaints/public/?country=rw&sort=reference&page_size=1',
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ count: number; results: TPublicComplaintListItem[] }>();
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
    // No brief description: the public reads the reviewer's summary (public-record.test.ts).
    expect(Object.keys(page.results[0]!).sort()).toEqual([
      'closed_at',
      'country_code',
      'date_of_occurrence',
      'date_resolved',
      'public_summary',
      'public_summary_fr',
      'reference',
      'resolution_note',
      'resolution_note_fr',
      'restriction_type',
      'sector',
      'stage',
      'status',
      'submitted_at',
    ]);
    const all = (await visitor.request({ url: '/api/complaints/public/?page_size=100' })).body;
    const [someone] = await ctx.db.select().from(users).limit(1);
    expect(all).not.toContain(someone!.email);
    expect(all).not.toContain('not a Kenyan citizen'); // the details text
    expect(all).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/); // no slugs
    const filtered = await visitor.request({
      url: '/api/complaints/public/?country=RW&restriction_type=work_permit',
    });
    expect(filtered.json().results.map((r: TPublicComplaintListItem) => r.reference)).toEqual([
      permit.reference,
    ]);
    expect(all).not.toContain('Rwanda permit'); // the brief description
    const bad = await visitor.request({ url: '/api/complaints/public/?sort=applicant&status=open' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('public view of one complaint', () => {
  it('answers a listed complaint by its reference, with the list fields only, to anyone', async () => {
    const { client } = await signIn(ctx, roles.client());
    const created = await lodged(client, validForm({ country_code: 'UG', brief_description: 'Uganda levy' }));
    const visitor = ctx.client();
    const listed = (await visitor.request({ url: '/api/complaints/public/?country=UG&page_size=100' })).json<{
      results: TPublicComplaintListItem[];
    }>().results;
    const row = listed.find((item) => item.reference === created.reference);
    expect(row).toBeDefined();
    const response = await visitor.request({ url: `/api/complaints/public/${created.reference}/` });
    expect(response.statusCode).toBe(200);
    // The list's fields and the dates of each stage.
    expect(response.json()).toEqual({ ...row, stages: [expect.objectContaining({ stage: 'regulator' })] });
    expect(response.body).not.toContain(created.slug);
    // The reference in any case.
    const lower = await visitor.request({
      url: `/api/complaints/public/${created.reference.toLowerCase()}/`,
    });
    expect(lower.json()).toEqual(response.json());
  });

  it('answers 404 for an unknown or archived complaint and 422 for a malformed reference', async () => {
    const { client } = await signIn(ctx, roles.client());
    const created = await lodged(client);
    await ctx.db.update(complaints).set({ archived: true }).where(eq(complaints.slug, created.slug));
    const visitor = ctx.client();
    expect((await visitor.request({ url: `/api/complaints/public/${created.reference}/` })).statusCode).toBe(
      404,
    );
    expect((await visitor.request({ url: '/api/complaints/public/CMP-1999-999999/' })).statusCode).toBe(404);
    const bad = await visitor.request({ url: '/api/complaints/public/CMP_2026%20%3Cx%3E/' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toEqual({
      reference: 'Enter a valid complaint reference.',
    });
  });
});
