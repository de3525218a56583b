// Memory while the S3 driver moves a large file (issue 32 item 1, "no whole file in memory"):
//   node --expose-gc --import tsx apps/server/src/test/storage-memory.ts [megabytes]
// Starts the S3-compatible test server in a process of its own, writes a file of random bytes, then
// runs each case in a fresh process and prints how far its memory rose above the start (peak RSS,
// peak Node buffers held), sampled every 20 ms after a garbage collection. The buffered case is the comparison: the whole file in memory.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { S3Storage } from '../storage/s3.js';

const self = fileURLToPath(import.meta.url);
const cases = ['put-stream', 'put-buffer', 'write-stream', 'read-stream'] as const;
type Case = (typeof cases)[number];

async function measure(which: Case, file: string, key: string) {
  const storage = new S3Storage(loadConfig(process.env).storage.s3);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakBuffers = start.arrayBuffers;
  // A collection before each sample: what is still held, not garbage waiting for the collector.
  const timer = setInterval(() => {
    gc?.();
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  }, 20);
  const started = Date.now();
  const { size } = await stat(file);
  if (which === 'put-stream') await storage.put('measure', createReadStream(file), 'bin');
  if (which === 'write-stream') await storage.write(key, createReadStream(file));
  if (which === 'put-buffer') await storage.put('measure', await readFile(file), 'bin');
  if (which === 'read-stream') {
    let read = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        read += chunk.length;
        done();
      },
    });
    await pipeline(await storage.read(key), sink);
    if (read !== size) throw new Error(`read ${read} of ${size} bytes`);
  }
  clearInterval(timer);
  storage.close();
  const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
  console.log(
    JSON.stringify({
      case: which,
      fileMb: mb(size),
      rssRiseMb: mb(peakRss - start.rss),
      buffersRiseMb: mb(peakBuffers - start.arrayBuffers),
      ms: Date.now() - started,
    }),
  );
}

async function main() {
  const megabytes = Number(process.argv[2] ?? 20);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stp-memory-'));
  const file = path.join(dir, 'large.bin');
  await writeFile(file, randomBytes(megabytes * 1_048_576));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(path.dirname(self), 's3-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) =>
    server.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
  );
  const { env } = JSON.parse(line) as { env: Record<string, string> };
  try {
    const key = 'measure/00000000-0000-4000-8000-000000000000.bin';
    for (const which of cases) {
      const output = execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', self, '--case', which, file, key],
        { env: { ...process.env, ...env, DATA_DIR: dir }, encoding: 'utf8' },
      );
      process.stdout.write(output);
    }
  } finally {
    server.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--case') await measure(process.argv[3] as Case, process.argv[4]!, process.argv[5]!);
else await main();
