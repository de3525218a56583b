import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { serverRoot } from '../paths.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { LocalDiskStorage } from './local-disk.js';
import { migrateFiles } from './migrate-files.js';
import { S3Storage } from './s3.js';

const run = promisify(execFile);
let s3: TestS3Server;
let bucket: S3Storage;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3Storage(loadConfig({ ...s3.env, DATA_DIR: s3.dir }).storage.s3);
});
afterAll(async () => {
  bucket.close();
  await s3.stop();
});

async function bytes(storage: { read(key: string): Promise<NodeJS.ReadableStream> }, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An uploads directory as the local driver leaves it: files in folders, a temp file, a stray. */
async function uploadsDir() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'stp-migrate-'));
  const local = new LocalDiskStorage(root);
  const keys = [
    await local.put('complaints', randomBytes(70_000), 'pdf'),
    await local.put('complaints', randomBytes(10), 'png'),
    await local.put('avatars', randomBytes(2_000), 'jpg'),
    await local.put('publications', randomBytes(1_500_000), 'pdf'),
  ];
  await writeFile(path.join(root, `${keys[0]}.123.tmp`), 'half a file');
  await writeFile(path.join(root, 'README.txt'), 'not a store key');
  await mkdir(path.join(root, 'empty'));
  return { root, local, keys };
}

describe('migrateFiles', () => {
  it('copies every stored file under its own key, then skips what the bucket holds with the same size', async () => {
    const { root, local, keys } = await uploadsDir();
    try {
      const first = await migrateFiles(root, bucket);
      expect(first).toEqual({ copied: 4, bytes: 70_000 + 10 + 2_000 + 1_500_000, skipped: 0, ignored: 2 });
      for (const key of keys) expect((await bytes(bucket, key)).equals(await bytes(local, key))).toBe(true);
      expect((await bucket.list('complaints')).map((file) => file.key).sort()).toEqual(
        [keys[0], keys[1]].sort(),
      );

      expect(await migrateFiles(root, bucket)).toEqual({ copied: 0, bytes: 0, skipped: 4, ignored: 2 });

      // A copy of another size (a file changed, an earlier copy cut short) is copied again.
      await bucket.write(keys[2]!, Buffer.from('short'));
      const newer = await local.put('banners', randomBytes(300), 'webp');
      expect(await migrateFiles(root, bucket)).toEqual({ copied: 2, bytes: 2_300, skipped: 3, ignored: 2 });
      expect((await bytes(bucket, keys[2]!)).equals(await bytes(local, keys[2]!))).toBe(true);
      expect((await bytes(bucket, newer)).length).toBe(300);

      // Larger than one request may carry (fauxqs takes 11 MiB; S3 5 GB): copied in parts, streamed.
      const large = await local.put('publications', randomBytes(12 * 1_048_576), 'pdf');
      expect(await migrateFiles(root, bucket)).toMatchObject({
        copied: 1,
        bytes: 12 * 1_048_576,
        skipped: 5,
      });
      expect((await bytes(bucket, large)).equals(await bytes(local, large))).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('copies nothing from an uploads directory that does not exist', async () => {
    expect(await migrateFiles(path.join(os.tmpdir(), 'stp-no-such-dir'), bucket)).toEqual({
      copied: 0,
      bytes: 0,
      skipped: 0,
      ignored: 0,
    });
  });
});

describe('manage migrate-files', () => {
  async function manage(env: Record<string, string>) {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', path.join(serverRoot, 'src/main.ts'), 'migrate-files'],
        { env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env }, timeout: 180_000 },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('copies UPLOADS_DIR into S3_BUCKET and prints the counts; without a bucket it says so', async () => {
    const { root, keys } = await uploadsDir();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-migrate-data-'));
    try {
      const env = { ...s3.env, STORAGE_DRIVER: 'local', DATA_DIR: dataDir, UPLOADS_DIR: root };
      const first = await manage(env);
      expect(first.stderr).toBe('');
      expect(first.stdout).toContain(
        `Copied 4 files (1.5 MB) from ${root} to bucket ${s3.bucket}; 0 files already there, 2 files ignored (no store key).`,
      );
      expect((await bytes(bucket, keys[3]!)).equals(await readFile(path.join(root, keys[3]!)))).toBe(true);
      const again = await manage(env);
      expect(again.stdout).toContain('Copied 0 files (0.0 MB)');
      expect(again.stdout).toContain('4 files already there');

      const noBucket = await manage({ DATA_DIR: dataDir, UPLOADS_DIR: root, S3_BUCKET: '' });
      expect(noBucket.code).toBe(2);
      expect(noBucket.stderr).toContain('S3_BUCKET: set the bucket to copy the files into.');
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
    // Three CLI runs, each compiling the server with tsx: minutes on a loaded 2-core machine.
  }, 600_000);
});
