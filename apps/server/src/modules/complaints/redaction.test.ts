import { redactedMark, redactionClosed, type TComplaintDetail } from '@stp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaints, outboxMessages, reviewLogs } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { multipart, roles, signIn, validForm } from './complaints.fixtures.js';

// Issue 34 item 5 (docs/complaint-confidentiality.md): before review starts the applicant replaces
// passages of their own text by "[redacted]", and the earlier words remain nowhere the portal keeps text.

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let regulatorKe: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  applicant = await signIn(ctx, { ...roles.client(), country: 'UG' });
  regulatorKe = await signIn(ctx, roles.regulator('KE'));
});
afterAll(() => ctx.close());

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function lodge() {
  const secret = `Wanjiru${unique()}`;
  const brief = `Licence refused to ${secret} of Kampala`;
  const details = `My name is ${secret}, phone 0772 000 111. The office refused my licence.`;
  const response = await applicant.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(validForm({ brief_description: brief, details_of_occurrence: details })),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { slug } = response.json<{ slug: string }>();
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
  return { row: row!, secret, brief, details };
}

const span = (text: string, part: string) => ({
  start: text.indexOf(part),
  end: text.indexOf(part) + part.length,
});

function redact(client: TestClient, slug: string, payload: object | string) {
  return client.request({ method: 'POST', url: `/api/complaints/${slug}/redact/`, payload });
}

/** Every place the portal keeps text about the complaint, as one string. */
async function everythingKept(id: number) {
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.id, id));
  const mails = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.complaintId, id));
  const logs = await ctx.db.select().from(reviewLogs).where(eq(reviewLogs.complaintId, id));
  const audits = await ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.objectId, String(id)));
  return JSON.stringify({ row, mails, logs, audits });
}

describe('redacting before review starts', () => {
  it('replaces the passages by [redacted]; the earlier words remain nowhere, the redaction is audited', async () => {
    const { row, secret, brief, details } = await lodge();
    const before = (
      await applicant.client.request({ url: `/api/complaints/${row.slug}/` })
    ).json<TComplaintDetail>();
    expect(before).toMatchObject({ can_redact: true, redacted_at: null });
    // The reviewers' mail quoted the brief: the secret is in the outbox before.
    expect(await everythingKept(row.id)).toContain(secret);
    const phone = '0772 000 111';
    const response = await redact(applicant.client, row.slug, {
      version: row.version,
      passages: [
        { field: 'brief_description', ...span(brief, secret) },
        { field: 'details_of_occurrence', ...span(details, secret) },
        { field: 'details_of_occurrence', ...span(details, phone) },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<TComplaintDetail>();
    expect(detail.brief_description).toBe(`Licence refused to ${redactedMark} of Kampala`);
    expect(detail.details_of_occurrence).toBe(
      `My name is ${redactedMark}, phone ${redactedMark}. The office refused my licence.`,
    );
    expect(detail.redacted_at).not.toBeNull();
    expect(detail.version).toBe(row.version + 1);
    const kept = await everythingKept(row.id);
    expect(kept).not.toContain(secret);
    expect(kept).not.toContain(phone);
    // The reviewers' queued mail now quotes the redacted brief.
    expect(kept).toContain(`Licence refused to ${redactedMark} of Kampala`);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.objectId} = ${String(row.id)} and ${auditLog.action} = 'redact'`);
    expect(audit?.after).toMatchObject({ passages: 3 });
    // The staff search no longer finds the complaint by the redacted word.
    const search = await regulatorKe.client.request({
      url: `/api/manage/complaints/?q=${encodeURIComponent(secret)}`,
    });
    expect(search.json<{ count: number }>().count).toBe(0);
  });

  it('refuses bad passages, a stale version and other accounts, and nothing changes', async () => {
    const { row, brief } = await lodge();
    const other = await signIn(ctx, roles.client());
    const ok = { field: 'brief_description', start: 0, end: 7 };
    const cases: [TestClient, object | string, number][] = [
      [applicant.client, { version: row.version, passages: [{ ...ok, end: brief.length + 1 }] }, 422],
      [applicant.client, { version: row.version, passages: [ok, { ...ok, start: 3, end: 9 }] }, 422],
      [applicant.client, { version: row.version, passages: [{ ...ok, start: 5, end: 5 }] }, 422],
      [applicant.client, { version: row.version, passages: [{ ...ok, field: 'status' }] }, 422],
      [applicant.client, { version: row.version, passages: [] }, 422],
      [applicant.client, { version: row.version, passages: [{ ...ok, start: -1 }] }, 422],
      [applicant.client, { passages: [ok] }, 422],
      [applicant.client, 'text', 415],
      [applicant.client, { version: row.version + 5, passages: [ok] }, 409],
      [other.client, { version: row.version, passages: [ok] }, 404],
      [regulatorKe.client, { version: row.version, passages: [ok] }, 403],
    ];
    for (const [client, payload, status] of cases) {
      const response = await redact(client, row.slug, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(status);
    }
    const [after] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(after).toMatchObject({ briefDescription: brief, version: row.version, redactedAt: null });
  });
});

describe('after review starts', () => {
  it('answers 409 and nothing changes', async () => {
    const { row, brief, secret } = await lodge();
    const asked = await regulatorKe.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row.id}/review/`,
      payload: { decision: 'request_info', comments: 'Which office?', version: row.version },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const detail = (
      await applicant.client.request({ url: `/api/complaints/${row.slug}/` })
    ).json<TComplaintDetail>();
    expect(detail.can_redact).toBe(false);
    const response = await redact(applicant.client, row.slug, {
      version: detail.version,
      passages: [{ field: 'brief_description', ...span(brief, secret) }],
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<{ detail: string }>().detail).toBe(redactionClosed);
    const [after] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(after).toMatchObject({ briefDescription: brief, version: detail.version, redactedAt: null });
  });
});
