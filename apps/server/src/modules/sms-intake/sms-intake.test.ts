import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, smsMessages, smsServices, users } from '../../db/schema/index.js';
import { FakeSmsGateway } from '../../sms/fake-gateway.js';
import { createAccount } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

const secret = 'webhook-secret-for-tests-0123456789';
const gateway = new FakeSmsGateway();
let ctx: TestContext;
let phoneSequence = 0;

/** A fresh Kenyan number per test, so the per-sender limit of one test does not touch another. */
const newPhone = (prefix = '2547') => `+${prefix}${String(10_000_000 + ++phoneSequence).slice(-8)}`;

beforeAll(async () => {
  const url = await gateway.start();
  ctx = await createTestContext({
    SMS_WEBHOOK_SECRET: secret,
    SMS_GATEWAY_URL: url,
    SMS_GATEWAY_USERNAME: 'stp-test',
    SMS_GATEWAY_API_KEY: 'key-123',
    SMS_SENDER_ID: 'STP',
    RATE_LIMIT_SMS_SENDER: '3/1h',
  });
  const service = {
    instructionsEn: 'Send NTB …',
    instructionsFr: 'Envoyez NTB …',
    activatedOn: '2020-01-01',
  };
  await ctx.db.insert(smsServices).values([
    { countryCode: 'KE', isActive: true, shortCode: '20547', keyword: 'NTB', ...service },
    { countryCode: 'TZ', isActive: true, shortCode: '15455', keyword: 'NTB', ...service },
    { countryCode: 'BI', isActive: true, shortCode: '8080', keyword: 'PLAINTE', ...service },
    { countryCode: 'UG', isActive: false, shortCode: '8228', keyword: 'UGNTB', ...service },
  ]);
});
afterAll(async () => {
  await ctx?.close();
  await gateway.stop();
});

function inbound(fields: Record<string, string>, query = `?secret=${secret}`, headers = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/sms/inbound/${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * Sends one SMS and returns the reply to its sender, or null when none comes within `waitMs`. Only a
 * reply to this sender counts: an earlier test's reply may still reach the gateway meanwhile. A reply is
 * expected by default, with a long wait; pass a short wait where no reply is the answer.
 */
async function converse(fields: Record<string, string> & { from: string }, waitMs = 10_000) {
  const before = gateway.requests.length;
  const response = await inbound({ to: '20547', date: '2026-11-20 09:15:00', ...fields });
  expect(response.statusCode).toBe(200);
  return gateway.replyTo(fields.from, before, waitMs);
}

async function inboundLog(phone: string) {
  return ctx.db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.phone, phone), eq(smsMessages.direction, 'in')))
    .orderBy(smsMessages.id);
}

async function outboundLog(phone: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const rows = await ctx.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.phone, phone), eq(smsMessages.direction, 'out')))
      .orderBy(desc(smsMessages.id));
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no outbound log row');
}

const complaintsOf = (phone: string) =>
  ctx.db.select().from(complaints).where(eq(complaints.smsPhone, phone));

describe('POST /api/sms/inbound/: complaints by keyword', () => {
  it('lodges a complaint (channel sms) and replies with its reference through the gateway API', async () => {
    const phone = newPhone();
    const text = 'ntb  Work permit refused for an EAC engineer at the Namanga border post, Amina';
    const sent = await converse({ from: phone, text, id: 'ATXid_in_1', linkId: 'link-1' });
    const [complaint] = await complaintsOf(phone);
    expect(complaint).toMatchObject({
      source: 'sms',
      smsPhone: phone,
      countryCode: 'KE',
      applicantId: null,
      restrictionType: 'other',
      briefDescription: 'Work permit refused for an EAC engineer at the Namanga border post, Amina',
      detailsOfOccurrence: 'Work permit refused for an EAC engineer at the Namanga border post, Amina',
      dateOfOccurrence: '2026-11-20',
    });
    const reference = complaint!.reference;
    expect(reference).toMatch(/^CMP-\d{4}-\d{6}$/);
    expect(sent).toEqual({
      method: 'POST',
      path: '/version1/messaging',
      headers: expect.objectContaining({
        apikey: 'key-123',
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      }),
      form: {
        username: 'stp-test',
        to: phone,
        message: `Your complaint was received. Reference: ${reference}. To follow it, send STATUS ${reference}.`,
        from: 'STP',
      },
    });
    const [logged] = await inboundLog(phone);
    expect(logged).toMatchObject({
      shortCode: '20547',
      text,
      gatewayId: 'ATXid_in_1',
      linkId: 'link-1',
      countryCode: 'KE',
      complaintId: complaint!.id,
      outcome: 'complaint',
    });
    expect(logged!.sentAt?.toISOString()).toBe('2026-11-20T09:15:00.000Z');
    expect(await outboundLog(phone)).toMatchObject({
      outcome: 'sent',
      gatewayId: expect.stringMatching(/^ATXid_test_/),
      complaintId: complaint!.id,
      shortCode: '20547',
    });
  });

  it('cuts the brief description to 120 characters and keeps the whole text as details', async () => {
    const phone = newPhone();
    const body = `${'Licence fee charged twice to foreign transport operators '.repeat(4)}end`;
    await converse({ from: phone, text: `NTB ${body}` });
    const [complaint] = await complaintsOf(phone);
    expect(complaint!.briefDescription.length).toBeLessThanOrEqual(120);
    expect(body.startsWith(complaint!.briefDescription)).toBe(true);
    expect(complaint!.detailsOfOccurrence).toBe(body.trim());
  });

  it('makes the account whose phone is the sender the applicant (national number of its country)', async () => {
    const account = await createAccount(ctx.db, { country: 'KE' });
    const phone = newPhone('2547');
    await ctx.db
      .update(users)
      .set({ phone: `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}` })
      .where(eq(users.id, account.id));
    await converse({ from: phone, text: 'NTB Border officials demanded an unofficial fee' });
    const [complaint] = await complaintsOf(phone);
    expect(complaint!.applicantId).toBe(account.id);
  });

  it('routes a keyword several states share by the sender’s dialling code when the number is unknown', async () => {
    const phone = newPhone('2557');
    await converse({ from: phone, to: '99999', text: 'NTB Tour guide licence refused to a Kenyan' });
    const [complaint] = await complaintsOf(phone);
    expect(complaint!.countryCode).toBe('TZ');
  });

  it('answers in French for a French-speaking partner state', async () => {
    const phone = newPhone('2577');
    const sent = await converse({
      from: phone,
      to: '8080',
      text: 'plainte Permis de travail refusé à Gatumba',
    });
    const [complaint] = await complaintsOf(phone);
    expect(complaint!.countryCode).toBe('BI');
    expect(sent!.form.message).toBe(
      `Votre plainte a été reçue. Référence : ${complaint!.reference}. Pour la suivre, envoyez STATUS ${complaint!.reference}.`,
    );
  });

  it('keeps the complaint and logs the failure when the gateway refuses the reply', async () => {
    const phone = newPhone();
    gateway.failWith = 500;
    try {
      const sent = await converse({ from: phone, text: 'NTB Visa on arrival refused' });
      expect(sent?.form.to).toBe(phone);
      expect(await complaintsOf(phone)).toHaveLength(1);
      expect(await outboundLog(phone)).toMatchObject({
        outcome: 'failed',
        error: 'HTTP 500: The gateway is down',
      });
    } finally {
      gateway.failWith = null;
    }
  });

  it('ignores a message the gateway delivers twice (same id)', async () => {
    const phone = newPhone();
    await converse({ from: phone, text: 'NTB Duplicate delivery', id: 'ATXid_dup' });
    const again = await converse({ from: phone, text: 'NTB Duplicate delivery', id: 'ATXid_dup' }, 1_000);
    expect(again).toBeNull();
    expect(await complaintsOf(phone)).toHaveLength(1);
    expect((await inboundLog(phone)).map((row) => row.outcome)).toEqual(['complaint', 'duplicate']);
  });
});

describe('POST /api/sms/inbound/: STATUS', () => {
  it('answers the status and stage to the number that lodged the complaint', async () => {
    const phone = newPhone();
    await converse({ from: phone, text: 'NTB Work permit delayed for months' });
    const [complaint] = await complaintsOf(phone);
    expect(complaint).toMatchObject({ status: 'submitted', stage: 'regulator' });
    const sent = await converse({ from: phone, text: `status ${complaint!.reference.toLowerCase()}` });
    expect(sent!.form.message).toBe(
      `Complaint ${complaint!.reference}: Submitted. Stage: national regulator.`,
    );
  });

  it('answers the status to the account holder of a complaint lodged online', async () => {
    const phone = newPhone();
    const account = await createAccount(ctx.db, { country: 'KE' });
    await ctx.db.update(users).set({ phone }).where(eq(users.id, account.id));
    const [web] = await ctx.db
      .insert(complaints)
      .values({
        reference: `CMP-TEST-${phoneSequence}`,
        applicantId: account.id,
        restrictionType: 'licensing',
        detailsOfOccurrence: 'Lodged online',
        dateOfOccurrence: '2026-10-01',
        countryCode: 'KE',
        briefDescription: 'Lodged online',
        status: 'in_review',
        stage: 'regional',
      })
      .returning();
    const sent = await converse({ from: phone, text: `STATUS ${web!.reference}` });
    expect(sent!.form.message).toBe(`Complaint ${web!.reference}: In review. Stage: regional review.`);
  });

  it('does not reveal a complaint to another number, nor an unknown reference', async () => {
    const owner = newPhone();
    await converse({ from: owner, text: 'NTB Someone else’s complaint' });
    const [complaint] = await complaintsOf(owner);
    const stranger = newPhone();
    const notYours = await converse({ from: stranger, text: `STATUS ${complaint!.reference}` });
    const unknown = await converse({ from: stranger, text: 'STATUS CMP-1999-999999' });
    for (const sent of [notYours, unknown])
      expect(sent!.form.message).toBe('No complaint with that reference was found for this number.');
    expect((await inboundLog(stranger)).map((row) => row.outcome)).toEqual([
      'unknown_reference',
      'unknown_reference',
    ]);
  });

  it('explains the format of STATUS without a reference', async () => {
    const sent = await converse({ from: newPhone(), text: 'STATUS' });
    expect(sent!.form.message).toBe(
      'Send STATUS followed by the complaint reference, e.g. STATUS CMP-2026-000123.',
    );
  });
});

describe('POST /api/sms/inbound/: anything else', () => {
  it('explains both formats for an unknown keyword, with the keyword and number of the service', async () => {
    const phone = newPhone();
    const sent = await converse({ from: phone, text: 'Hello, how do I complain?' });
    expect(sent!.form.message).toBe(
      'To report a barrier, send NTB followed by a short description to 20547. To follow a complaint, send STATUS followed by its reference.',
    );
    expect(await complaintsOf(phone)).toHaveLength(0);
  });

  it('treats the keyword of an inactive service as unknown', async () => {
    const phone = newPhone('2567');
    const sent = await converse({ from: phone, to: '8228', text: 'UGNTB Market access refused' });
    expect(sent!.form.message).toMatch(/^To report a barrier, send your country's SMS service keyword/);
    expect(await complaintsOf(phone)).toHaveLength(0);
  });

  it('asks for a description when the keyword comes alone, and for the formats on an empty text', async () => {
    const phone = newPhone();
    const alone = await converse({ from: phone, text: 'NTB' });
    expect(alone!.form.message).toBe(
      'Send NTB followed by a short description of the barrier, the place and your name.',
    );
    const empty = await converse({ from: phone, text: '   ' });
    expect(empty!.form.message).toMatch(/^To report a barrier, send NTB/);
    expect(await complaintsOf(phone)).toHaveLength(0);
    expect((await inboundLog(phone)).map((row) => row.outcome)).toEqual(['help', 'help']);
  });

  it('answers 400 without a sender, logs it and sends nothing', async () => {
    const before = gateway.requests.length;
    const response = await inbound({ to: '20547', text: 'NTB no sender', id: 'ATXid_nofrom' });
    expect(response.statusCode).toBe(400);
    const [logged] = await ctx.db.select().from(smsMessages).where(eq(smsMessages.gatewayId, 'ATXid_nofrom'));
    expect(logged).toMatchObject({ outcome: 'invalid', phone: '' });
    expect(gateway.requests.length).toBe(before);
  });
});

describe('POST /api/sms/inbound/: security', () => {
  it('refuses a wrong or missing secret with 403 and creates nothing', async () => {
    const phone = newPhone();
    const fields = { from: phone, to: '20547', text: 'NTB forged' };
    for (const response of [
      await inbound(fields, '?secret=wrong'),
      await inbound(fields, ''),
      await inbound(fields, '', { 'x-sms-webhook-secret': `${secret}x` }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect(await complaintsOf(phone)).toHaveLength(0);
    expect(await inboundLog(phone)).toHaveLength(0);
  });

  it('accepts the secret in a header, without a CSRF value or a session', async () => {
    const phone = newPhone();
    const response = await inbound({ from: phone, to: '20547', text: 'NTB by header' }, '', {
      'x-sms-webhook-secret': secret,
    });
    expect(response.statusCode).toBe(200);
    expect(await complaintsOf(phone)).toHaveLength(1);
  });

  it('limits each sender: over the limit, no complaint and no reply, but a log row', async () => {
    const phone = newPhone();
    for (let i = 1; i <= 3; i++)
      expect(await converse({ from: phone, text: `NTB complaint number ${i}` })).not.toBeNull();
    const over = await converse({ from: phone, text: 'NTB complaint number 4' }, 1_000);
    expect(over).toBeNull();
    expect(await complaintsOf(phone)).toHaveLength(3);
    expect((await inboundLog(phone)).map((row) => row.outcome)).toEqual([
      'complaint',
      'complaint',
      'complaint',
      'rate_limited',
    ]);
    const other = await converse({ from: newPhone(), text: 'NTB another sender is not limited' });
    expect(other).not.toBeNull();
  });
});

describe('an unconfigured webhook', () => {
  it('answers 403 to everyone while SMS_WEBHOOK_SECRET is empty', async () => {
    const bare = await createTestContext();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/sms/inbound/?secret=',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'from=%2B254700000000&to=20547&text=NTB+x',
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the webhook and the staff API', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/sms/inbound/', '/api/sms-services/', '/api/sms-services/{country}/']),
    );
  });
});
