import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk.js';
import { S3Storage } from './s3.js';
import type { FileStorage } from './storage.js';

/** The file store STORAGE_DRIVER names: local disk under UPLOADS_DIR (default) or an S3 bucket. */
export function createStorage(config: Pick<Config, 'storage' | 'uploads'>): FileStorage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage.s3);
  return new LocalDiskStorage(config.uploads.dir);
}
