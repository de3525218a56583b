import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail/mailer.js';
import { serverRoot } from './paths.js';

const run = promisify(execFile);
let dataDir: string;

/** Runs the management CLI as `npm run manage` does, on its own embedded database (a command compiles with tsx and opens PGlite: over a minute on a loaded 2-core machine). */
async function manage(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(serverRoot, 'src/main.ts'), ...args],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' }, timeout: 180_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('management CLI', () => {
  it('explains bad arguments with the usage and exit code 2', async () => {
    const unknown = await manage('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate".');
    expect(unknown.stderr).toContain('create-user --email E --password P');

    const badEmail = await manage(
      'create-user',
      '--email',
      'not-an-address',
      '--password',
      'Long-enough-pass',
    );
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain('--email: Enter a valid email address.');

    const weak = await manage('create-user', '--email', 'a@example.org', '--password', '1234567890');
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('--password: This password is entirely numeric.');

    // Issue 29 item 10: not the account's address, not guessable.
    const likeEmail = await manage(
      'create-user',
      '--email',
      'ops.admin@example.org',
      '--password',
      'Ops.Admin@Example.org',
    );
    expect(likeEmail.code).toBe(2);
    expect(likeEmail.stderr).toContain('--password: The password is too similar to the email address.');
    const guessable = await manage('create-user', '--email', 'a@example.org', '--password', 'Sunshine2024');
    expect(guessable.code).toBe(2);
    expect(guessable.stderr).toContain('--password: This password is too easy to guess.');

    const unknownFlag = await manage('create-user', '--emial', 'a@example.org');
    expect(unknownFlag.code).toBe(2);
  }, 420_000);

  it('migrates, seeds, creates users with groups and refuses duplicates and unknown groups', async () => {
    expect((await manage('migrate')).stdout).toContain('Migrations applied.');
    expect((await manage('seed')).stdout).toContain('Base data loaded.');

    const created = await manage(
      'create-user',
      '--email',
      'Reviewer@Example.org',
      '--password',
      'Long-enough-pass',
      '--staff',
      '--groups',
      'Regulators,Council',
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created staff account reviewer@example\.org \(id \d+\)\./);

    const duplicate = await manage(
      'create-user',
      '--email',
      'reviewer@example.org',
      '--password',
      'Long-enough-pass',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('An account with the e-mail reviewer@example.org already exists.');

    const badGroup = await manage(
      'create-user',
      '--email',
      'x@example.org',
      '--password',
      'Long-enough-pass',
      '--groups',
      'Nobody',
    );
    expect(badGroup.code).toBe(1);
    expect(badGroup.stderr).toContain('Unknown group(s): Nobody. Known groups: ');

    const demo = await manage('seed', '--demo');
    expect(demo.code).toBe(1);
    expect(demo.stderr).toContain('demo data is loaded only into an empty database');

    const purge = await manage('purge-sessions');
    expect(purge.code).toBe(0);
    expect(purge.stdout).toContain('Removed 0 expired sessions.');
  }, 600_000);
});

describe('mail outbox (no SMTP_URL)', () => {
  it('writes each message to the outbox directory and logs its link', async () => {
    const outboxDir = path.join(dataDir, 'mail');
    const logged: string[] = [];
    const mailer = createMailer({
      smtpUrl: '',
      from: 'Portal <no-reply@portal.test>',
      outboxDir,
      log: (line) => logged.push(line),
    });
    await mailer.send({
      to: 'amina@example.org',
      subject: 'Confirm',
      text: 'Open http://portal.test/auth/register/confirm/abc to go on.',
      html: '<p>x</p>',
    });
    mailer.close();
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: amina@example.org');
    expect(eml).toContain('Subject: Confirm');
    expect(logged[0]).toContain('link: http://portal.test/auth/register/confirm/abc');
  });
});
