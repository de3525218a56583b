// Issue 7: a server killed (SIGKILL) during a review decision leaves the complaint as it was or fully
// reviewed: status, stage and version together with exactly one review log, and the decision's mails
// only for a committed review. A review answered 200 before the kill is there after the restart.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TComplaintCreated, TComplaintDetail } from '@stp/shared';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, reviewLogs } from '../../db/schema/index.js';
import { CrashWorkspace } from '../../test/crash-workspace.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { outcome, PortalSession, sleep, type ServerProcess } from '../../test/server-process.js';
import { roles, validForm } from './complaints.fixtures.js';

let workspace: CrashWorkspace;
const emails = { applicant: '', regulator: '', regional: '' };
type Result = { status: number; body: string } | Error;

beforeAll(async () => {
  workspace = await CrashWorkspace.create({
    setup: async ({ db }) => {
      emails.applicant = (await createAccount(db, roles.client())).email;
      emails.regulator = (await createAccount(db, roles.regulator('KE'))).email;
      emails.regional = (await createAccount(db, roles.regional())).email;
    },
  });
});
afterAll(() => workspace.close());

/** Subjects of the outbox mails (unfolded headers) that name `reference`. */
async function mailSubjects(reference: string): Promise<string[]> {
  const dir = path.join(workspace.dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  const subjects: string[] = [];
  for (const name of names) {
    const text = (await readFile(path.join(dir, name), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
    if (subject.includes(reference)) subjects.push(subject.trim());
  }
  return subjects.sort();
}

/**
 * PostgreSQL only: holds the complaint's row lock so the server's review transaction waits inside,
 * after its read and before its update; resolves once the server's backend waits on that lock.
 */
async function holdRow(id: number): Promise<{ release: () => Promise<void>; waiting: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: workspace.databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('begin');
  await client.query('select id from complaints where id = $1 for update', [id]);
  return {
    async waiting() {
      for (let i = 0; i < 200; i += 1) {
        // The activity view is read once per transaction unless its snapshot is cleared.
        await client.query('select pg_stat_clear_snapshot()');
        const { rowCount } = await client.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'update "complaints"%'`,
        );
        if (rowCount) return;
        await sleep(50);
      }
      const { rows } = await client.query(
        `select state, wait_event_type, wait_event, left(query, 60) as query from pg_stat_activity where datname = current_database()`,
      );
      throw new Error(`The review never waited on the row lock: ${JSON.stringify(rows)}`);
    },
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

describe('a server killed during a review', () => {
  it('keeps a review whole or absent, and every acknowledged review', { timeout: 240_000 }, async () => {
    const applicant = new PortalSession('');
    const reviewer = new PortalSession('');
    const review = (complaint: { id: number; version: number }) =>
      outcome(
        reviewer.json(`/api/manage/complaints/${complaint.id}/review/`, {
          decision: 'forward',
          comments: 'Checked with the licensing board.',
          version: complaint.version,
        }),
      );

    let server: ServerProcess = await workspace.startServer();
    applicant.baseUrl = reviewer.baseUrl = server.baseUrl;
    await applicant.signIn(emails.applicant, testPassword);
    await reviewer.signIn(emails.regulator, testPassword);
    const lodged: { id: number; version: number; reference: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await applicant.json(
        '/api/complaints/',
        validForm({ brief_description: `Case ${i}` }),
      );
      expect(response.status).toBe(201);
      const { slug, reference } = (await response.json()) as TComplaintCreated;
      const detail = (await (await applicant.fetch(`/api/complaints/${slug}/`)).json()) as TComplaintDetail;
      lodged.push({ id: detail.id, version: detail.version, reference });
    }
    const [ackCase, randomCase, heldCase] = lodged as [
      (typeof lodged)[0],
      (typeof lodged)[0],
      (typeof lodged)[0],
    ];

    // The lodging's mails are written (after each commit), so the checks below see only the reviews'.
    for (const complaint of lodged) {
      await expect.poll(() => mailSubjects(complaint.reference), { timeout: 30_000 }).toHaveLength(2);
    }

    // A review answered 200; then another killed at a random moment of the time a review takes.
    const started = Date.now();
    const acknowledged = await review(ackCase);
    const duration = Date.now() - started;
    expect(acknowledged).toMatchObject({ status: 200 });
    const pending = review(randomCase);
    await sleep(Math.random() * duration);
    await server.stop('SIGKILL');
    const results = new Map<number, Result>([
      [ackCase.id, acknowledged],
      [randomCase.id, await pending],
    ]);

    // Restarted: a review killed inside its transaction. On PostgreSQL the test holds the row lock,
    // so the kill lands between the transaction's read and its update, deterministically; on PGlite
    // (the database inside the killed process) at a random moment again.
    server = await workspace.startServer();
    applicant.baseUrl = reviewer.baseUrl = server.baseUrl;
    const held = workspace.databaseUrl.startsWith('postgres') ? await holdRow(heldCase.id) : undefined;
    try {
      const inFlight = review(heldCase);
      if (held) {
        // The review waits on the lock, unanswered (an answer here fails the test with its body).
        expect(await Promise.race([held.waiting().then(() => 'waiting'), inFlight])).toBe('waiting');
      } else await sleep(Math.random() * duration);
      await server.stop('SIGKILL');
      results.set(heldCase.id, await inFlight);
    } finally {
      await held?.release();
    }
    if (held) expect(results.get(heldCase.id)).toBeInstanceOf(Error);

    await workspace.withDatabase(async ({ db }) => {
      const ids = lodged.map((complaint) => complaint.id);
      const rows = await db.select().from(complaints).where(inArray(complaints.id, ids));
      expect(rows).toHaveLength(lodged.length);
      for (const complaint of lodged) {
        const row = rows.find((candidate) => candidate.id === complaint.id);
        const logs = await db.select().from(reviewLogs).where(eq(reviewLogs.complaintId, complaint.id));
        const mails = await mailSubjects(complaint.reference);
        const result = results.get(complaint.id);
        const answered = !(result instanceof Error) && result?.status === 200;
        if (!(result instanceof Error)) expect(result?.status).toBe(200);
        const reviewed = row?.version === 2;
        const state = {
          reference: complaint.reference,
          status: row?.status,
          stage: row?.stage,
          version: row?.version,
          logs: logs.map((log) => [log.stage, log.decision]),
          decisionMails: mails.filter((subject) => subject.includes('next review stage')),
          queueMails: mails.filter((subject) => subject.includes('to review')),
        };
        if (answered || reviewed) {
          expect(state).toMatchObject({
            status: 'in_review',
            stage: 'regional',
            version: 2,
            logs: [['regulator', 'forward']],
          });
          // Mails leave after the commit: at most one each (a kill right after the commit loses them).
          expect(state.decisionMails.length).toBeLessThanOrEqual(1);
          expect(state.queueMails.length).toBeLessThanOrEqual(2);
        } else {
          // As lodged: no log, no decision mail, only the lodging's mail to the first stage's queue.
          expect(state).toEqual({
            ...state,
            status: 'submitted',
            stage: 'regulator',
            version: 1,
            logs: [],
            decisionMails: [],
            queueMails: [expect.stringContaining('to review')],
          });
        }
      }
    });
  });
});
