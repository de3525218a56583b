// Issue 7: a server killed (SIGKILL) while it imports a CSV of restrictions leaves all the file's rows
// or none, with a version and an audit row for each row written; an import answered 200 before the
// kill is all there after the restart. Real server process, its own database (PGlite, or a copy of
// the PostgreSQL template under `npm run test:pg`).
import { restrictionImportLimits, type TRestrictionImportReport } from '@stp/shared';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { auditLog, restrictionAccess, restrictions, restrictionVersions } from '../../db/schema/index.js';
import { CrashWorkspace } from '../../test/crash-workspace.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { outcome, PortalSession, sleep, type ServerProcess } from '../../test/server-process.js';

// The largest file the import takes (its row limit), and a quarter of it for the acknowledged import.
const rows: number = restrictionImportLimits.rows;
const ackRows = rows / 4;
let workspace: CrashWorkspace;
let email = '';

/** A valid file of `size` restrictions whose titles start with `batch`. */
function importFile(batch: string, size: number): FormData {
  const lines = [
    'title,country,sector,restriction_type,market_access,modes_of_supply,year_introduced,remarks',
  ];
  for (let i = 1; i <= size; i += 1)
    lines.push(
      `${batch} row ${i},KE,1,licensing,${i % 2 ? 'yes' : 'no'},mode_${(i % 4) + 1},${1990 + (i % 30)},"r, ${i}"`,
    );
  const form = new FormData();
  form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), `${batch}.csv`);
  return form;
}

/** Restrictions of a batch, with their versions and audit rows. */
async function batchCounts(db: Database, batch: string) {
  const ids = db
    .select({ id: restrictions.id })
    .from(restrictions)
    .where(like(restrictions.title, `${batch} row %`));
  const [written] = await db
    .select({ n: count() })
    .from(restrictions)
    .where(like(restrictions.title, `${batch} row %`));
  const [versions] = await db
    .select({ n: count() })
    .from(restrictionVersions)
    .where(sql`${restrictionVersions.restrictionId} in ${ids}`);
  const [audits] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.model, 'restrictions.restriction'),
        sql`${auditLog.objectId} in (select id::text from ${restrictions} where ${restrictions.title} like ${`${batch} row %`})`,
      ),
    );
  return { written: written?.n, versions: versions?.n, audits: audits?.n };
}

beforeAll(async () => {
  workspace = await CrashWorkspace.create({
    setup: async ({ db }) => {
      const account = await createAccount(db, {
        staff: true,
        permissions: ['restrictions.add_restriction', 'restrictions.view_restriction'],
      });
      await db.insert(restrictionAccess).values({ userId: account.id, countryCode: 'KE', canEdit: true });
      email = account.email;
    },
  });
});
afterAll(() => workspace.close());

describe('a server killed during a restriction import', () => {
  it('keeps all rows of a file or none, and every acknowledged import', { timeout: 480_000 }, async () => {
    const session = new PortalSession('');
    const importOn = (server: ServerProcess, batch: string, size = rows) => {
      session.baseUrl = server.baseUrl;
      return outcome(
        session.fetch('/api/admin/restrictions/import/', { method: 'POST', body: importFile(batch, size) }),
      );
    };

    // First server: an import answered 200, then a full file's import killed part-way.
    let server = await workspace.startServer();
    session.baseUrl = server.baseUrl;
    await session.signIn(email, testPassword);
    const started = Date.now();
    const acknowledged = await importOn(server, 'Acknowledged', ackRows);
    // The time a full file takes: the import's work grows with its rows.
    const duration = ((Date.now() - started) * rows) / ackRows;
    expect(acknowledged).toMatchObject({ status: 200 });
    if (acknowledged instanceof Error) throw acknowledged;
    expect(JSON.parse(acknowledged.body) as TRestrictionImportReport).toMatchObject({
      imported: ackRows,
      row_errors: [],
    });

    // Killed at random moments while a full file's import runs, once in each half of the time it
    // takes. Reading and checking the file takes a few milliseconds; nearly all of `duration` is the
    // one transaction writing rows, versions and audit rows, so these moments fall inside it. The
    // second kill is on a restarted server (the first one's database recovered).
    const kills: { batch: string; delay: number; result: { status: number; body: string } | Error }[] = [];
    for (const slot of [0, 1]) {
      if (slot > 0) server = await workspace.startServer();
      const batch = `Killed ${slot}`;
      const delay = Math.round(duration * (0.1 + 0.4 * (slot + Math.random())));
      const pending = importOn(server, batch);
      await sleep(delay);
      await server.stop('SIGKILL');
      kills.push({ batch, delay, result: await pending });
    }

    await workspace.withDatabase(async ({ db }) => {
      expect(await batchCounts(db, 'Acknowledged')).toEqual({
        written: ackRows,
        versions: ackRows,
        audits: ackRows,
      });
      for (const kill of kills) {
        const counts = await batchCounts(db, kill.batch);
        const answered = !(kill.result instanceof Error) && kill.result.status === 200;
        // All or nothing; an answered import is all there.
        expect({ ...kill, counts }).toMatchObject({
          counts:
            answered || counts.written === rows
              ? { written: rows, versions: rows, audits: rows }
              : { written: 0, versions: 0, audits: 0 },
        });
        // Cut off, or answered 200 (never refused: the session outlives the restart).
        if (!(kill.result instanceof Error)) expect(kill.result.status).toBe(200);
      }
      // No version or audit row of a restriction that is not there.
      const [orphanVersions] = await db
        .select({ n: count() })
        .from(restrictionVersions)
        .where(sql`${restrictionVersions.restrictionId} not in (select id from ${restrictions})`);
      const [orphanAudits] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.model, 'restrictions.restriction'),
            sql`${auditLog.objectId} not in (select id::text from ${restrictions})`,
          ),
        );
      expect({ versions: orphanVersions?.n, audits: orphanAudits?.n }).toEqual({ versions: 0, audits: 0 });
    });
    // At least one kill cut a request off before its answer (the case under test).
    expect(kills.some((kill) => kill.result instanceof Error)).toBe(true);
  });
});
