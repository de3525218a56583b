// Issue 31: a mail server outage loses no mail. SMTP points at a port where nothing listens; a trader
// registers, a client lodges a complaint and a reviewer forwards it; every request succeeds. Later
// (the outage's length shortened by configuration: retries every 1-2 s instead of minutes to hours) an
// SMTP server starts on that port, and every expected mail arrives exactly once.
import type { TComplaintCreated, TComplaintDetail } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema/index.js';
import { multipart, roles, signIn, validForm } from '../modules/complaints/complaints.fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { MailCatcher } from '../test/mail-catcher.js';
import { freePort, sleep } from '../test/server-process.js';

let ctx: TestContext;
let port: number;
const catcher = new MailCatcher();

beforeAll(async () => {
  port = await freePort();
  ctx = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    DELIVERY_RETRY_DELAY_SECONDS: '1',
    DELIVERY_RETRY_DELAY_MAX_SECONDS: '2',
    DELIVERY_RETRY_LIMIT: '100',
  });
});
afterAll(async () => {
  await ctx?.close();
  await catcher.stop().catch(() => undefined);
});

const key = (to: string, subject: string) => `${to} | ${subject}`;

describe('a mail server outage', () => {
  it(
    'delays the mails of a registration, a complaint and a review, and delivers each once',
    { timeout: 180_000 },
    async () => {
      const visitor = ctx.client();
      await visitor.openHostPage();
      const registered = await visitor.request({
        method: 'POST',
        url: '/api/auth/register/client/',
        payload: {
          first_name: 'Amina',
          last_name: 'Odhiambo',
          email: 'amina.outage@example.org',
          phone: '+254 712 345678',
          country: 'KE',
          locale: 'en',
        },
      });
      expect(registered.statusCode).toBeLessThan(300);

      const { user: applicant, client } = await signIn(ctx, roles.client());
      const { user: regulator, client: reviewer } = await signIn(ctx, roles.regulator('KE'));
      const { user: regional } = await signIn(ctx, roles.regional('fr'));
      const lodged = await client.request({
        method: 'POST',
        url: '/api/complaints/',
        payload: multipart(validForm({ brief_description: 'Lodged while the mail server was down' })),
      });
      expect(lodged.statusCode).toBe(201);
      const { slug, reference } = lodged.json<TComplaintCreated>();
      const detail = (await client.request({ url: `/api/complaints/${slug}/` })).json<TComplaintDetail>();
      const forwarded = await reviewer.request({
        method: 'POST',
        url: `/api/manage/complaints/${detail.id}/review/`,
        payload: { decision: 'forward', comments: 'Checked.', version: detail.version },
      });
      expect(forwarded.statusCode).toBe(200);

      // What the outbox must deliver: one row each, none sent while nothing listens.
      const rows = await ctx.db.select().from(outboxMessages);
      const expected = rows.map((row) => key(row.recipient, row.subject)).sort();
      expect(expected).toEqual(
        [
          key('amina.outage@example.org', 'Confirm your Services Trade Portal account'),
          key(applicant.email, `Complaint ${reference} registered`),
          key(regulator.email, `Complaint ${reference} to review (KE)`),
          key(applicant.email, `Complaint ${reference}: next review stage`),
          key(regional.email, `Plainte ${reference} à examiner (KE)`),
        ].sort(),
      );

      // The outage: attempts fail and are retried, the error kept, nothing marked sent or failed for good.
      await expect
        .poll(
          async () => Math.min(...(await ctx.db.select().from(outboxMessages)).map((row) => row.attempts)),
          {
            timeout: 60_000,
            interval: 500,
          },
        )
        .toBeGreaterThanOrEqual(2);
      const during = await ctx.db.select().from(outboxMessages);
      expect(during.every((row) => row.status === 'queued' && /ECONNREFUSED/.test(row.lastError ?? ''))).toBe(
        true,
      );

      // The mail server comes back on the same port.
      await catcher.start(port);
      await expect
        .poll(() => catcher.messages.length, { timeout: 60_000, interval: 250 })
        .toBeGreaterThanOrEqual(expected.length);
      // Time for any duplicate to show up: several retry periods.
      await sleep(6_000);
      const delivered = catcher.messages
        .map((mail) =>
          key(
            mail.to ? (JSON.stringify(mail.to).match(/[\w.+-]+@[\w.-]+/)?.[0] ?? '') : '',
            mail.subject ?? '',
          ),
        )
        .sort();
      const duplicated = delivered.length - new Set(delivered).size;
      console.log(
        `outage: ${expected.length} mails expected, ${delivered.length} delivered, ${duplicated} duplicated`,
      );
      expect(delivered).toEqual(expected);
      const after = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'sent'));
      expect(after).toHaveLength(expected.length);
      // The registration link is not kept readable once delivered.
      expect(after.find((row) => row.kind === 'registration')).toMatchObject({ body: '', html: '' });
    },
  );
});
