import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and generated files live; the default keeps them on local disk outside the web root. */
export interface FileStorage {
  /** Stores the bytes under a new generated key below `folder` (e.g. `avatars`), returns the key. */
  put(folder: string, data: Buffer, extension: string): Promise<string>;
  read(key: string): Promise<Readable>;
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  /**
   * The files directly below `folder` with their last change, including the leftovers of an
   * interrupted `put` (`partial`); `delete` accepts every key listed here.
   */
  list(folder: string): Promise<StoredFile[]>;
}

/** One file of `FileStorage.list`. */
export interface StoredFile {
  key: string;
  modifiedAt: Date;
  /** A temporary file of a `put` that never finished (the process died between write and rename). */
  partial: boolean;
}

const keyPattern = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;
const partialPattern = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,8}\.[0-9]+\.tmp$/;
const folderPattern = /^[a-z0-9-]+$/;

/** Local disk storage under one root directory; keys are generated, never taken from a client. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string, allowPartial = false): string {
    // Keys come from our own database, but a bad row must still never reach outside the root.
    if (!keyPattern.test(key) && !(allowPartial && partialPattern.test(key)))
      throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(folder: string, data: Buffer, extension: string): Promise<string> {
    const key = `${folder}/${randomUUID()}.${extension.replace(/^\./, '').toLowerCase()}`;
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a crash never leaves a half-written file under a key the database knows.
    const temp = `${target}.${process.pid}.tmp`;
    await writeFile(temp, data, { mode: 0o640 });
    await rename(temp, target);
    return key;
  }

  read(key: string): Promise<Readable> {
    const stream = createReadStream(this.resolve(key));
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', reject);
    });
  }

  async size(key: string): Promise<number> {
    return (await stat(this.resolve(key))).size;
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key, true), { force: true });
  }

  async list(folder: string): Promise<StoredFile[]> {
    if (!folderPattern.test(folder)) throw new Error(`Invalid storage folder: ${folder}`);
    const dir = path.join(this.root, folder);
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const files: StoredFile[] = [];
    for (const entry of entries) {
      const key = `${folder}/${entry.name}`;
      const partial = partialPattern.test(key);
      if (!entry.isFile() || !(partial || keyPattern.test(key))) continue;
      // A file removed since the listing (another instance's sweep) is simply not listed.
      const info = await stat(path.join(dir, entry.name)).catch(() => null);
      if (info) files.push({ key, modifiedAt: info.mtime, partial });
    }
    return files;
  }
}
