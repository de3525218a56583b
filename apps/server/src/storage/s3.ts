import type * as ClientModule from '@aws-sdk/client-s3';
import type * as UploadModule from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../config.js';
import { loadOnce } from '../lib/load-once.js';
import { checkFolder, checkKey, isKey, newKey } from './keys.js';
import { StorageNotFoundError, type FileStorage, type StoredFile } from './storage.js';

type S3Client = ClientModule.S3Client;

/**
 * The AWS SDK, loaded at the first use of a bucket (issue 35: loading it took a large part of a
 * start that has no file to move yet; docs/performance.md, "What the start loads").
 */
const loadSdk = loadOnce(() => Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]));

/** S3's smallest multipart part: what one stream upload holds in memory at a time. */
const partSize = 5 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

function storageError(key: string, error: unknown): unknown {
  return isNotFound(error) ? new StorageNotFoundError(key, { cause: error }) : error;
}

/** Builds the client from the settings; without keys it uses the SDK's default chain (AWS_*, instance role). */
export async function createS3Client(settings: S3Settings): Promise<S3Client> {
  const [sdk] = await loadSdk();
  return new sdk.S3Client({
    endpoint: settings.endpoint || undefined,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: since SDK 3.729 the default sends every streamed
    // body aws-chunked with a trailing CRC32, which several S3-compatible servers store as is (the
    // chunk headers end up in the file). docs/decisions.md, "Object storage".
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files as objects of one bucket of an S3-compatible store, under the same keys as on disk. Writes
 * are atomic there (an object exists whole or not at all), so nothing is ever listed as `partial`.
 */
export class S3Storage implements FileStorage {
  private client: Promise<S3Client> | undefined;
  private readonly bucket: string;
  private readonly listPageSize: number;

  /** `listPageSize`: keys per ListObjectsV2 page (S3's maximum by default; the tests page by 2). */
  constructor(
    private readonly settings: S3Settings,
    options: { listPageSize?: number } = {},
  ) {
    this.bucket = settings.bucket;
    this.listPageSize = options.listPageSize ?? 1000;
  }

  /** The client (and the SDK) made at the first call; with it the SDK's modules. */
  private async sdk(): Promise<{ client: S3Client; s3: typeof ClientModule; upload: typeof UploadModule }> {
    if (!this.client) {
      this.client = createS3Client(this.settings);
      this.client.catch(() => {
        this.client = undefined;
      });
    }
    const [client, [s3, upload]] = await Promise.all([this.client, loadSdk()]);
    return { client, s3, upload };
  }

  async put(folder: string, data: Buffer | Readable, extension: string): Promise<string> {
    const key = newKey(folder, extension);
    await this.write(key, data);
    return key;
  }

  /**
   * Writes `data` under exactly `key` (`migrate-files` keeps the keys the database holds). One request
   * when it fits in a 5 MB part, else a multipart upload, parts sent one at a time as the stream is
   * read: about three parts in memory whatever the size (docs/decisions.md, "Object storage"). A
   * failed upload is aborted (no parts left behind).
   */
  async write(key: string, data: Buffer | Readable): Promise<void> {
    const { client, upload } = await this.sdk();
    await new upload.Upload({
      client,
      params: { Bucket: this.bucket, Key: checkKey(key), Body: data },
      partSize,
      queueSize: 1,
      leavePartsOnError: false,
    }).done();
  }

  async read(key: string): Promise<Readable> {
    const { client, s3 } = await this.sdk();
    const answer = await client
      .send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }))
      .catch((error: unknown) => {
        throw storageError(key, error);
      });
    // On Node the body is the HTTP response itself: read as it arrives, never held whole.
    return answer.Body as Readable;
  }

  async size(key: string): Promise<number> {
    const { client, s3 } = await this.sdk();
    const answer = await client
      .send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }))
      .catch((error: unknown) => {
        throw storageError(key, error);
      });
    return answer.ContentLength ?? 0;
  }

  async delete(key: string): Promise<void> {
    const { client, s3 } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key, true) }));
  }

  async list(folder: string): Promise<StoredFile[]> {
    const prefix = `${checkFolder(folder)}/`;
    const files: StoredFile[] = [];
    const { client, s3 } = await this.sdk();
    const pages = s3.paginateListObjectsV2(
      { client, pageSize: this.listPageSize },
      { Bucket: this.bucket, Prefix: prefix, Delimiter: '/' },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isKey(object.Key)) continue;
        files.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0), partial: false });
      }
    }
    return files;
  }

  /** Closes the client's connections (one-off commands, tests); nothing to close before the first call. */
  close(): void {
    void this.client?.then(
      (client) => client.destroy(),
      () => undefined,
    );
  }
}
