// A throw-away PostgreSQL server for a test that needs one even in the PGlite run: it reuses
// scripts/with-postgres.mjs (initdb into a temp dir, free port), holding its command open until stop().
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../paths.js';

// The command run under the script: prints the server's URL, then lives until its stdin closes.
const holder = `console.log('TEST_DATABASE_URL=' + process.env.TEST_DATABASE_URL);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));`;

export interface ThrowawayPostgres {
  /** The `postgres` database of the server, as its superuser. */
  url: string;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** Starts PostgreSQL in a temporary directory; if this process dies, the closed pipe stops it too. */
export async function startThrowawayPostgres(timeoutMs = 60_000): Promise<ThrowawayPostgres> {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'scripts/with-postgres.mjs'), process.execPath, '-e', holder],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`PostgreSQL did not start in time:\n${output}`)),
      timeoutMs,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /TEST_DATABASE_URL=(\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL could not start:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}
