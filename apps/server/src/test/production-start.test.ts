// Issue 29, item 2: `npm start` in production with no SEED_DEMO and no HOST. A real server process:
// which data it loads, what it prints and which interface it listens on.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentDemoAccounts } from '../db/seed/index.js';
import { demoAccounts, demoPassword } from '../db/seed/demo/index.js';
import { CrashWorkspace } from './crash-workspace.js';
import { PortalSession } from './server-process.js';

/** IPv4 and IPv6 addresses of the sockets listening on this TCP port (Linux: /proc/net/tcp and tcp6). */
async function listeningAddresses(port: number): Promise<string[]> {
  const addresses: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const table = await readFile(file, 'utf8').catch(() => '');
    for (const line of table.split('\n').slice(1)) {
      const [, local = '', , state] = line.trim().split(/\s+/);
      const [hex = '', portHex = ''] = local.split(':');
      // 0A: LISTEN. Addresses are written as 32-bit words in host (little-endian) order.
      if (state !== '0A' || parseInt(portHex, 16) !== port) continue;
      const words = hex.match(/.{8}/g) ?? [];
      const bytes = words.flatMap((word) => (word.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16)));
      addresses.push(
        bytes.length === 4
          ? bytes.join('.')
          : bytes.join(',') === '0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1'
            ? '::1'
            : `ipv6 ${bytes.join(',')}`,
      );
    }
  }
  return addresses.sort();
}

/** The production environment an operator would start with: NODE_ENV alone, no SEED_DEMO, no HOST. */
const production = { NODE_ENV: 'production', SEED_DEMO: undefined, HOST: undefined } as const;

let workspace: CrashWorkspace;
beforeAll(async () => {
  workspace = await CrashWorkspace.create();
});
afterAll(() => workspace?.close());

describe('npm start with NODE_ENV=production', () => {
  it('loads no demo accounts unless asked, and listens on 127.0.0.1 only', { timeout: 120_000 }, async () => {
    const server = await workspace.startServer(production);
    const port = Number(new URL(server.baseUrl).port);
    // Soft: the data checks below are reported too when this one fails.
    expect.soft(await listeningAddresses(port)).toEqual(['127.0.0.1']);

    const superuser = demoAccounts().find((account) => account.role.toLowerCase().includes('superuser'));
    const demo = new PortalSession(server.baseUrl);
    await expect(demo.signIn(superuser!.email, demoPassword)).rejects.toThrow(/login failed/);
    // The banner tells how to make the first account instead of listing demo ones.
    await expect.poll(() => server.output, { timeout: 30_000 }).toContain('create-user');
    expect(server.output).not.toContain('Demo accounts');
    expect(server.output).not.toContain(demoPassword);
    await server.stop('SIGTERM');
    expect(await workspace.withDatabase(({ db }) => presentDemoAccounts(db))).toEqual([]);
  });

  it(
    'loads them when SEED_DEMO=auto is set, with a warning that names the risk',
    { timeout: 180_000 },
    async () => {
      const server = await workspace.startServer({ ...production, SEED_DEMO: 'auto' });
      await expect.poll(() => server.output, { timeout: 60_000 }).toContain('Demo accounts');
      expect(server.output).toMatch(/WARNING.*demo accounts.*production/i);
      expect(server.output).toContain('anyone can sign in as a superuser');
      await server.stop('SIGTERM');
      expect((await workspace.withDatabase(({ db }) => presentDemoAccounts(db))).length).toBeGreaterThan(0);
    },
  );
});
