import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkFolder, checkKey, isKey, isPartialKey, newKey } from './keys.js';
import { StorageNotFoundError, type FileStorage, type StoredFile } from './storage.js';

/** The file system's "no such file" as the store's own error, the same on both drivers. */
function storageError(key: string, error: NodeJS.ErrnoException): Error {
  return error.code === 'ENOENT' ? new StorageNotFoundError(key, { cause: error }) : error;
}

/** Local disk storage under one root directory (UPLOADS_DIR), outside the web root. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string, allowPartial = false): string {
    return path.join(this.root, checkKey(key, allowPartial));
  }

  async put(folder: string, data: Buffer | Readable, extension: string): Promise<string> {
    const key = newKey(folder, extension);
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a crash never leaves a half-written file under a key the database knows.
    const temp = `${target}.${process.pid}.tmp`;
    try {
      if (Buffer.isBuffer(data)) await writeFile(temp, data, { mode: 0o640 });
      else await pipeline(data, createWriteStream(temp, { mode: 0o640 }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return key;
  }

  async read(key: string): Promise<Readable> {
    const stream = createReadStream(this.resolve(key));
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (error) => reject(storageError(key, error)));
    });
  }

  async size(key: string): Promise<number> {
    const info = await stat(this.resolve(key)).catch((error: NodeJS.ErrnoException) => {
      throw storageError(key, error);
    });
    return info.size;
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key, true), { force: true });
  }

  async list(folder: string): Promise<StoredFile[]> {
    const dir = path.join(this.root, checkFolder(folder));
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const files: StoredFile[] = [];
    for (const entry of entries) {
      const key = `${folder}/${entry.name}`;
      const partial = isPartialKey(key);
      if (!entry.isFile() || !(partial || isKey(key))) continue;
      // A file removed since the listing (another instance's sweep) is simply not listed.
      const info = await stat(path.join(dir, entry.name)).catch(() => null);
      if (info) files.push({ key, modifiedAt: info.mtime, partial });
    }
    return files;
  }
}
