import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startS3Server } from '../test/s3-server.js';
import { createStorage } from './factory.js';
import { LocalDiskStorage } from './local-disk.js';
import { createS3Client, S3Storage } from './s3.js';
import { StorageNotFoundError, type FileStorage } from './storage.js';

/** One store per driver; the same suite runs on each (issue 32: "the storage suite on both drivers"). */
interface Driver {
  name: string;
  start(): Promise<Started>;
}

interface Started {
  storage: FileStorage;
  /** Whatever a write left in the store below `folder`, also what `list` does not show (parts, temp files). */
  leftovers(folder: string): Promise<string[]>;
  stop(): Promise<void>;
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    async start() {
      const root = await mkdtemp(path.join(os.tmpdir(), 'stp-storage-'));
      return {
        storage: new LocalDiskStorage(root),
        leftovers: (folder) => readdir(path.join(root, folder)).catch(() => []),
        stop: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (fauxqs)',
    async start() {
      const server = await startS3Server();
      const { storage: settings } = loadConfig({ ...server.env, DATA_DIR: server.dir });
      // Two keys a page: every listing below with three files or more goes through the pagination.
      const storage = new S3Storage(settings.s3, { listPageSize: 2 });
      // A client of its own: the driver makes its client at its first call.
      const bucket = await createS3Client(settings.s3);
      return {
        storage,
        async leftovers(folder) {
          const prefix = `${folder}/`;
          // fauxqs has no ListMultipartUploads: its unfinished uploads are folders of its own store.
          const multipart = path.join(server.dir, '_multipart');
          const uploads = [];
          for (const id of await readdir(multipart).catch(() => [])) {
            const upload = JSON.parse(await readFile(path.join(multipart, id, '.upload.json'), 'utf8')) as {
              key: string;
            };
            if (upload.key.startsWith(prefix)) uploads.push(`upload ${upload.key}`);
          }
          const objects = await bucket.send(
            new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }),
          );
          return [...uploads, ...(objects.Contents ?? []).map((object) => `object ${object.Key}`)];
        },
        async stop() {
          storage.close();
          bucket.destroy();
          await server.stop();
        },
      };
    },
  },
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `total` bytes in 64 KB chunks, made as they are read; `failAt`: the stream errors there instead. */
function generated(total: number, seed: Buffer, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(65_536, total - sent);
      const chunk = Buffer.alloc(size);
      for (let at = 0; at < size; at += seed.length)
        seed.copy(chunk, at, 0, Math.min(seed.length, size - at));
      chunk.writeUInt32BE(sent >>> 0, 0);
      sent += size;
      this.push(chunk);
    },
  });
}

describe.each(drivers)('FileStorage on $name', (driver) => {
  let started: Started;
  let storage: FileStorage;

  beforeAll(async () => {
    started = await driver.start();
    storage = started.storage;
  });
  afterAll(() => started.stop());

  it('stores bytes under a new generated key and reads them back', async () => {
    const data = randomBytes(10_000);
    const key = await storage.put('avatars', data, '.PNG');
    expect(key).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    expect(await storage.size(key)).toBe(data.length);
    expect(await bytesOf(await storage.read(key))).toEqual(data);
    const again = await storage.put('avatars', data, 'png');
    expect(again).not.toBe(key);
  });

  it('stores a stream as it is read, byte for byte (several multipart parts on S3)', async () => {
    const total = 12 * 1024 * 1024 + 12_345;
    const seed = randomBytes(4096);
    const expected = await bytesOf(generated(total, seed));
    const key = await storage.put('publications', generated(total, seed), 'pdf');
    expect(await storage.size(key)).toBe(total);
    expect(sha256(await bytesOf(await storage.read(key)))).toBe(sha256(expected));
    // A short stream (one part) too.
    const small = await storage.put(
      'publications',
      Readable.from([Buffer.from('%PDF-'), Buffer.from('1.7')]),
      'pdf',
    );
    expect((await bytesOf(await storage.read(small))).toString()).toBe('%PDF-1.7');
  });

  it('keeps no file when the stream fails half-way', async () => {
    const folder = 'failed-writes';
    await expect(
      storage.put(folder, generated(8 * 1024 * 1024, randomBytes(512), 6 * 1024 * 1024), 'pdf'),
    ).rejects.toThrow('client went away');
    expect(await storage.list(folder)).toEqual([]);
    expect(await started.leftovers(folder)).toEqual([]);
  });

  it('answers a missing key with StorageNotFoundError; deleting it is no error', async () => {
    const missing = 'complaints/00000000-0000-4000-8000-000000000000.pdf';
    await expect(storage.read(missing)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.size(missing)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.delete(missing)).resolves.toBeUndefined();
  });

  it('refuses keys and folders outside its own pattern on every operation', async () => {
    const bad = [
      '../etc/passwd',
      'avatars/../../etc/passwd',
      '/etc/passwd',
      'Avatars/00000000-0000-4000-8000-000000000000.png',
      'avatars/00000000-0000-4000-8000-000000000000.png/x',
      'avatars/x.png',
      '',
    ];
    for (const key of bad) {
      await expect(storage.read(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.size(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
    }
    for (const folder of ['../etc', 'a/b', '', 'UP']) {
      await expect(storage.put(folder, Buffer.from('x'), 'txt')).rejects.toThrow('Invalid storage folder');
      await expect(storage.list(folder)).rejects.toThrow('Invalid storage folder');
    }
    await expect(storage.put('avatars', Buffer.from('x'), 'p/ng')).rejects.toThrow('Invalid storage key');
  });

  it('lists the files directly below a folder, with their time, and forgets deleted ones', async () => {
    expect(await storage.list('listing')).toEqual([]);
    const before = Date.now() - 5_000;
    const keys = [];
    for (let index = 0; index < 5; index++)
      keys.push(await storage.put('listing', Buffer.from(`file ${index}`), 'txt'));
    // A folder whose name starts with the same letters is another folder.
    const other = await storage.put('listing-other', Buffer.from('other'), 'txt');
    const listed = await storage.list('listing');
    expect(listed.map((file) => file.key).sort()).toEqual([...keys].sort());
    for (const file of listed) {
      expect(file.partial).toBe(false);
      expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(file.modifiedAt.getTime()).toBeLessThan(Date.now() + 5_000);
    }
    await storage.delete(keys[0]!);
    await storage.delete(keys[3]!);
    expect((await storage.list('listing')).map((file) => file.key).sort()).toEqual(
      [keys[1], keys[2], keys[4]].sort(),
    );
    expect((await storage.list('listing-other')).map((file) => file.key)).toEqual([other]);
    await expect(storage.read(keys[0]!)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('reads a file many times at once (each read its own stream)', async () => {
    const data = randomBytes(300_000);
    const key = await storage.put('banners', data, 'webp');
    const reads = await Promise.all(Array.from({ length: 8 }, async () => bytesOf(await storage.read(key))));
    for (const read of reads) expect(read.equals(data)).toBe(true);
  });
});

describe('createStorage', () => {
  it('chooses the driver STORAGE_DRIVER names, local disk by default', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-storage-'));
    try {
      expect(createStorage(loadConfig({ DATA_DIR: dataDir }))).toBeInstanceOf(LocalDiskStorage);
      const s3 = createStorage(
        loadConfig({
          DATA_DIR: dataDir,
          STORAGE_DRIVER: 's3',
          S3_BUCKET: 'files',
          S3_FORCE_PATH_STYLE: 'true',
        }),
      );
      expect(s3).toBeInstanceOf(S3Storage);
      (s3 as S3Storage).close();
      expect(await readdir(dataDir)).not.toContain('uploads');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an incomplete S3 configuration with the variable named', () => {
    const base = { DATA_DIR: os.tmpdir(), SECRET_KEY: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET');
    expect(() =>
      loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }),
    ).toThrow('S3_ACCESS_KEY_ID');
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER');
    expect(() => loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE');
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'not a url' })).toThrow('S3_ENDPOINT');
  });
});
