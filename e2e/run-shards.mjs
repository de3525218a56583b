#!/usr/bin/env node
// The browser suite in E2E_SHARDS vitest processes at once (default 2), each with its own server,
// database, mail catcher and Chromium (support/global-setup.ts), the specs split by their recorded
// time (support/balanced-sequencer.ts). Most of a spec's time is the browser and the server waiting on
// each other, so two shards on two cores finish in a little over half the time of one. Arguments (a
// spec file, -t …) run one unsharded vitest, as before.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Number(process.env.E2E_SHARDS ?? 2);
if (!Number.isInteger(shards) || shards < 1) throw new Error('E2E_SHARDS must be a whole number ≥ 1');

const vitest = ['vitest', 'run', '--config', 'vitest.config.ts'];
/** Each shard's failed-test lines, repeated at the end: CI keeps only the tail of the log. */
const failures = [];
// vitest's "FAIL file > test" and "× test" lines, colours removed.
const failureLine = /^\s*(FAIL|×)\s/;
// eslint-disable-next-line no-control-regex
const colours = /\u001b\[[0-9;]*m/g;

function run(shardArgs, prefix) {
  return new Promise((resolve) => {
    const child = spawn('npx', [...vitest, ...shardArgs], {
      cwd: import.meta.dirname,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          console.log(`${prefix} ${line}`);
          const plain = line.replace(colours, '');
          if (failureLine.test(plain)) failures.push(`${prefix} ${plain.trim()}`);
        });
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const codes =
  shards === 1
    ? [await run(args, '')]
    : await Promise.all(
        Array.from({ length: shards }, (_, i) => run([`--shard=${i + 1}/${shards}`], `[${i + 1}/${shards}]`)),
      );
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [i + 1]));
if (shards > 1) {
  if (failures.length > 0) console.log(['failed tests:', ...failures].join('\n'));
  console.log(
    failed.length === 0
      ? `all ${shards} shards passed in ${minutes} min`
      : `shard ${failed.join(', ')} of ${shards} failed (${minutes} min): see the lines prefixed with its number`,
  );
}
process.exit(failed.length === 0 ? 0 : 1);
