// Issue 31: a server killed (SIGKILL) right after a review commits and before its mails are sent
// delivers them once after the restart. The delivery worker is held by a test hook
// (DELIVERY_TEST_DELAY_MS), so the kill lands between the commit and the send deterministically;
// the job it had taken is handed out again once its expiry (shortened here to 3 s) has passed.
import type { TComplaintCreated, TComplaintDetail } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema/index.js';
import { roles, validForm } from '../modules/complaints/complaints.fixtures.js';
import { CrashWorkspace } from '../test/crash-workspace.js';
import { createAccount, testPassword } from '../test/factories.js';
import { MailCatcher } from '../test/mail-catcher.js';
import { PortalSession, sleep } from '../test/server-process.js';

let workspace: CrashWorkspace;
const catcher = new MailCatcher();
let smtpUrl = '';
const emails = { applicant: '', regulator: '', regional: '' };
const fastRetry = {
  DELIVERY_EXPIRE_SECONDS: '3',
  QUEUE_SUPERVISE_SECONDS: '1',
  DELIVERY_RETRY_DELAY_SECONDS: '1',
};

beforeAll(async () => {
  smtpUrl = await catcher.start();
  workspace = await CrashWorkspace.create({
    setup: async ({ db }) => {
      emails.applicant = (await createAccount(db, roles.client())).email;
      emails.regulator = (await createAccount(db, roles.regulator('KE'))).email;
      emails.regional = (await createAccount(db, roles.regional())).email;
    },
  });
});
afterAll(async () => {
  await workspace?.close();
  await catcher.stop();
});

const subjectsTo = (email: string, reference: string) =>
  catcher.messages
    .filter((mail) => JSON.stringify(mail.to).includes(email) && mail.subject?.includes(reference))
    .map((mail) => mail.subject)
    .sort();

describe('a server killed between a review and its mails', () => {
  it('delivers the mails once after the restart', { timeout: 240_000 }, async () => {
    // Lodged and its mails delivered on a first server.
    let server = await workspace.startServer({ SMTP_URL: smtpUrl, ...fastRetry });
    const applicant = new PortalSession(server.baseUrl);
    await applicant.signIn(emails.applicant, testPassword);
    const lodged = await applicant.json(
      '/api/complaints/',
      validForm({ brief_description: 'Killed review' }),
    );
    expect(lodged.status).toBe(201);
    const { slug, reference } = (await lodged.json()) as TComplaintCreated;
    const detail = (await (await applicant.fetch(`/api/complaints/${slug}/`)).json()) as TComplaintDetail;
    await expect.poll(() => subjectsTo(emails.regulator, reference), { timeout: 30_000 }).toHaveLength(1);
    await server.stop('SIGTERM');

    // A server whose worker holds every delivery for 10 minutes: the review commits, no mail leaves.
    server = await workspace.startServer({
      SMTP_URL: smtpUrl,
      ...fastRetry,
      DELIVERY_TEST_DELAY_MS: '600000',
    });
    const reviewer = new PortalSession(server.baseUrl);
    await reviewer.signIn(emails.regulator, testPassword);
    const reviewed = await reviewer.json(`/api/manage/complaints/${detail.id}/review/`, {
      decision: 'forward',
      comments: 'Checked with the licensing board.',
      version: detail.version,
    });
    expect(reviewed.status).toBe(200);
    await sleep(500);
    await server.stop('SIGKILL');
    expect(subjectsTo(emails.applicant, reference)).toEqual([`Complaint ${reference} registered`]);
    expect(subjectsTo(emails.regional, reference)).toEqual([]);

    // Restarted: the review's two mails arrive, once each.
    server = await workspace.startServer({ SMTP_URL: smtpUrl, ...fastRetry });
    await expect
      .poll(
        () => subjectsTo(emails.regional, reference).length + subjectsTo(emails.applicant, reference).length,
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe(3);
    await sleep(5_000);
    const expected = {
      applicant: [`Complaint ${reference} registered`, `Complaint ${reference}: next review stage`].sort(),
      regional: [`Complaint ${reference} to review (KE)`],
      regulator: [`Complaint ${reference} to review (KE)`],
    };
    const delivered = {
      applicant: subjectsTo(emails.applicant, reference),
      regional: subjectsTo(emails.regional, reference),
      regulator: subjectsTo(emails.regulator, reference),
    };
    const count = (value: Record<string, unknown[]>) => Object.values(value).flat().length;
    const duplicated = Object.values(delivered).reduce(
      (sum, list) => sum + list.length - new Set(list).size,
      0,
    );
    console.log(
      `kill: ${count(expected)} mails expected, ${count(delivered)} delivered, ${duplicated} duplicated`,
    );
    expect(delivered).toEqual(expected);
    await server.stop('SIGTERM');
    await workspace.withDatabase(async ({ db }) => {
      const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.status, 'sent'));
      expect(rows).toHaveLength(4);
    });
  });
});
