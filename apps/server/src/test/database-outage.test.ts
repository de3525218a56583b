// Issue 7: the database goes away and comes back. A real server process on a PostgreSQL cluster this
// test owns (in the PGlite run too): while PostgreSQL is stopped, calls answer at once with the
// spec's generic error and the process lives on; once it runs again, calls succeed without a restart.
import { messages } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrashWorkspace } from './crash-workspace.js';
import { createAccount, testPassword } from './factories.js';
import { PostgresCluster } from './postgres-cluster.js';
import { PortalSession, type ServerProcess } from './server-process.js';
import { validForm } from '../modules/complaints/complaints.fixtures.js';

let cluster: PostgresCluster;
let workspace: CrashWorkspace;
let server: ServerProcess;
let email = '';
let session: PortalSession;

beforeAll(async () => {
  cluster = await PostgresCluster.create();
  workspace = await CrashWorkspace.create({
    databaseUrl: cluster.url,
    setup: async ({ db }) => {
      email = (await createAccount(db)).email;
    },
  });
  server = await workspace.startServer();
  session = new PortalSession(server.baseUrl);
  await session.signIn(email, testPassword);
});
afterAll(async () => {
  await workspace?.close();
  await cluster?.destroy();
});

/** Calls that each need the database (the health check, a signed-in read and a write), and the probes. */
async function calls() {
  const timed = async (request: () => Promise<Response>) => {
    const started = Date.now();
    const response = await request();
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    return { status: response.status, detail: body.detail, ms: Date.now() - started };
  };
  return {
    health: await timed(() => session.fetch('/api/health/')),
    // The load balancer's probes (no cookie, as a balancer sends them): alive needs no database, ready
    // does (docs/operations.md, "Health checks").
    live: await timed(() => fetch(`${server.baseUrl}/api/health/live/`)),
    ready: await timed(() => fetch(`${server.baseUrl}/api/health/ready/`)),
    mine: await timed(() => session.fetch('/api/manage/complaints/mine/')),
    lodge: await timed(() =>
      session.json('/api/complaints/', validForm({ brief_description: 'During an outage test' })),
    ),
  };
}

describe('the database goes away and comes back', () => {
  for (const mode of ['fast', 'immediate'] as const) {
    it(
      `stop -m ${mode}: the generic error while down, then recovery without a restart`,
      { timeout: 60_000 },
      async () => {
        expect((await session.fetch('/api/manage/complaints/mine/')).status).toBe(200);

        await cluster.stop(mode);
        const down = await calls();
        const failed = { status: 500, detail: messages.genericError };
        expect(down).toMatchObject({ health: failed, mine: failed, lodge: failed });
        // Out of the balancer's rotation, but not restarted: the process recovers on its own.
        expect(down).toMatchObject({ live: { status: 200 }, ready: { status: 503 } });
        for (const call of Object.values(down)) expect(call.ms).toBeLessThan(5_000);
        expect(server.running).toBe(true);

        await cluster.start();
        // The first calls after the return already succeed: the pool dropped its dead connections.
        const back = await calls();
        expect(back).toMatchObject({
          health: { status: 200 },
          live: { status: 200 },
          ready: { status: 200 },
          mine: { status: 200 },
          lodge: { status: 201 },
        });
        expect(server.running).toBe(true);
        expect(server.output).not.toMatch(/uncaught|unhandled/i);
      },
    );
  }
});
