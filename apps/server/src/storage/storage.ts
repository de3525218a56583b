import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live: local disk by default, or an S3-compatible bucket
 * (`STORAGE_DRIVER`, factory.ts). Both drivers pass the same suite (storage.test.ts).
 */
export interface FileStorage {
  /**
   * Stores the bytes under a new generated key below `folder` (e.g. `avatars`), returns the key. A
   * stream is written as it is read (never held whole in memory); a failed write leaves no file
   * under a key.
   */
  put(folder: string, data: Buffer | Readable, extension: string): Promise<string>;
  /** The file's bytes as a stream; rejects with a `StorageNotFoundError` for a missing key. */
  read(key: string): Promise<Readable>;
  /** The file's size in bytes; rejects with a `StorageNotFoundError` for a missing key. */
  size(key: string): Promise<number>;
  /** Removes the file; a missing one is no error. */
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

/** A read or size of a key the store does not hold (`code` ENOENT on both drivers). */
export class StorageNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string, options?: { cause?: unknown }) {
    super(`No stored file: ${key}`, options);
    this.name = 'StorageNotFoundError';
  }
}
