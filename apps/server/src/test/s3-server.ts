import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFauxqs } from 'fauxqs';

/** A running S3-compatible server with one empty bucket, and what the S3 driver needs to reach it. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>`, for S3_ENDPOINT (path-style: S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the server keeps the objects (`buckets/<bucket>/objects/<key>.data`). */
  dir: string;
  /** The environment for `loadConfig` / a server process: STORAGE_DRIVER=s3 and the S3_* settings. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts a real S3-compatible server (fauxqs, from the npm registry; docs/decisions.md "Object storage")
 * in this process, on a free port of 127.0.0.1 (or `host`), objects stored as files in a new temporary
 * directory; `stop` closes it and removes the directory.
 */
export async function startS3Server(options: { bucket?: string; host?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'stp-test';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stp-s3-'));
  const server = await startFauxqs({
    port: 0,
    host: options.host ?? '127.0.0.1',
    logger: false,
    s3StorageDir: dir,
    init: { buckets: [bucket] },
  });
  const region = 'us-east-1';
  const accessKeyId = `test-${randomBytes(6).toString('hex')}`;
  const secretAccessKey = randomBytes(24).toString('base64url');
  const endpoint = server.address;
  return {
    endpoint,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    dir,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// `node --import tsx apps/server/src/test/s3-server.ts [host]`: one server for a script or another
// process; prints its settings as one JSON line, stops on SIGTERM/SIGINT.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const running = await startS3Server({ host: process.argv[2] });
  console.log(JSON.stringify({ ...running, stop: undefined }));
  const stop = () => void running.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
