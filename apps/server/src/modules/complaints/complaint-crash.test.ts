// Issue 5: a server killed in the middle of a submission leaves no partial complaint and, once
// restarted, no orphan file. The real server runs as a child process on its own data directory and
// database (PGlite, or a copy of the PostgreSQL template under scripts/with-postgres.mjs).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintAttachments, complaints } from '../../db/schema/index.js';
import { CrashWorkspace } from '../../test/crash-workspace.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { PortalSession, sleep } from './complaint-crash.fixtures.js';
import { files, multipart, validForm } from './complaints.fixtures.js';

let workspace: CrashWorkspace;
let email = '';
const startServer = (env: Record<string, string> = {}) => workspace.startServer(env);

const complaintsDir = () => path.join(workspace.dataDir, 'uploads', 'complaints');
/** Every file under the store's complaints folder, as storage keys. */
const storedKeys = async () =>
  (await readdir(complaintsDir()).catch(() => [] as string[])).map((name) => `complaints/${name}`).sort();

beforeAll(async () => {
  workspace = await CrashWorkspace.create({
    setup: async (handle) => {
      email = (await createAccount(handle.db)).email;
    },
  });
});

afterAll(() => workspace.close());

describe('a server killed during a submission', () => {
  it('leaves no partial complaint and, after a restart, no orphan file', { timeout: 180_000 }, async () => {
    // (a) Killed while the attachment is still arriving.
    const first = await startServer();
    const session = new PortalSession(first.baseUrl);
    await session.signIn(email, testPassword);
    const upload = session.streamSlowSubmission(
      validForm({ brief_description: 'Killed mid-upload' }),
      6_000_000,
      {
        chunk: 256 * 1024,
        pauseMs: 100,
        chunks: 8,
      },
    );
    expect(await upload.sent).toBe(9 + 8 * 256 * 1024);
    const early = await Promise.race([upload.settled, sleep(200).then(() => 'pending' as const)]);
    expect(early).toBe('pending');
    await first.stop('SIGKILL');
    expect(await upload.settled).toBeInstanceOf(Error);
    expect(await storedKeys()).toEqual([]);

    // (b) Killed after the files are written, before the commit (the test hook holds the transaction).
    const second = await startServer({ COMPLAINT_COMMIT_DELAY_MS: '60000' });
    // The killed process's PGlite lock did not block the restart; its sweep found nothing to remove.
    expect((await second.logEntry('orphan upload sweep done')).removed).toBe(0);
    session.baseUrl = second.baseUrl;
    const pending = session
      .fetch('/api/complaints/', {
        method: 'POST',
        body: multipart(validForm({ brief_description: 'Killed before the commit' }), [
          ['evidence.pdf', Buffer.concat([files.pdf, Buffer.alloc(1_000_000, 0x20)])],
          ['photo.png', files.png],
        ]),
      })
      .then(
        (response) => response.status,
        (error: unknown) => error,
      );
    // Each file is written as .tmp and then renamed: wait until both have their final keys.
    const finalKeys = async () => (await storedKeys()).filter((key) => !key.endsWith('.tmp'));
    await expect.poll(finalKeys, { timeout: 20_000, interval: 50 }).toHaveLength(2);
    await second.stop('SIGKILL');
    expect(await pending).toBeInstanceOf(Error);
    // Both files are on disk under their final keys, and nothing references them.
    const orphans = await storedKeys();
    expect(orphans).toHaveLength(2);
    expect(orphans.every((key) => !key.endsWith('.tmp'))).toBe(true);

    // Restart: the sweep removes the two files of the submission that never committed.
    const third = await startServer();
    expect((await third.logEntry('orphan upload sweep done')).removed).toBe(2);
    expect(await storedKeys()).toEqual([]);

    // A normal submission after the restart succeeds and keeps its file.
    session.baseUrl = third.baseUrl;
    const lodged = await session.fetch('/api/complaints/', {
      method: 'POST',
      body: multipart(validForm({ brief_description: 'After the restart' }), [['evidence.pdf', files.pdf]]),
    });
    expect(lodged.status).toBe(201);
    const { reference } = (await lodged.json()) as { reference: string };
    await third.stop('SIGTERM');

    await workspace.withDatabase(async ({ db }) => {
      const rows = await db.select().from(complaints);
      expect(rows.map((row) => row.reference)).toEqual([reference]);
      expect(rows[0]?.briefDescription).toBe('After the restart');
      const attachments = await db.select().from(complaintAttachments);
      expect(attachments.map((row) => [row.complaintId, row.originalName])).toEqual([
        [rows[0]?.id, 'evidence.pdf'],
      ]);
      const [withoutComplaint] = await db
        .select({ n: count() })
        .from(complaintAttachments)
        .leftJoin(complaints, eq(complaints.id, complaintAttachments.complaintId))
        .where(isNull(complaints.id));
      expect(withoutComplaint?.n).toBe(0);
      // Every stored file is referenced, and every referenced file is there whole.
      expect(await storedKeys()).toEqual(attachments.map((row) => row.storageKey).sort());
      for (const row of attachments) {
        expect((await stat(path.join(workspace.dataDir, 'uploads', row.storageKey))).size).toBe(row.size);
      }
    });
  });
});
