import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isFolder } from './keys.js';
import { LocalDiskStorage } from './local-disk.js';
import type { S3Storage } from './s3.js';
import { StorageNotFoundError } from './storage.js';

/** What `migrate-files` did. */
export interface MigrateSummary {
  /** Files written to the bucket, and their bytes. */
  copied: number;
  bytes: number;
  /** Files the bucket already held under the same key with the same size. */
  skipped: number;
  /** Files of the uploads directory that are no store key (temp files of an interrupted write, strays). */
  ignored: number;
}

const parallel = 4;

/** The size of `key` in the bucket, or null when it holds none. */
async function remoteSize(target: S3Storage, key: string): Promise<number | null> {
  return target.size(key).catch((error: unknown) => {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  });
}

/**
 * Copies every stored file of the local uploads directory into the bucket under the same key (the
 * database's keys stay valid), each streamed from disk. Idempotent: a key the bucket holds with the
 * same size is skipped, so an interrupted run is simply run again.
 */
export async function migrateFiles(
  root: string,
  target: S3Storage,
  options: { progress?: (summary: MigrateSummary) => void } = {},
): Promise<MigrateSummary> {
  const source = new LocalDiskStorage(root);
  const summary: MigrateSummary = { copied: 0, bytes: 0, skipped: 0, ignored: 0 };
  const entries = await readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const keys: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isFolder(entry.name)) {
      summary.ignored++;
      continue;
    }
    const inFolder = (await readdir(path.join(root, entry.name))).length;
    const stored = (await source.list(entry.name)).filter((file) => !file.partial);
    summary.ignored += inFolder - stored.length;
    keys.push(...stored.map((file) => file.key));
  }
  keys.sort();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const file = path.join(root, key);
      // A file removed since the listing (the orphan sweep) has nothing left to copy.
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!info) continue;
      const { size } = info;
      if ((await remoteSize(target, key)) === size) {
        summary.skipped++;
      } else {
        await target.write(key, createReadStream(file));
        summary.copied++;
        summary.bytes += size;
      }
      options.progress?.(summary);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return summary;
}
