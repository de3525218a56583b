// The serving process's heap flags (docs/operations.md, "Memory of a serving process") are defined once,
// in `config.serverNodeFlags` of package.json: `npm start` passes them, the systemd unit spells them out,
// and Node.js takes them (a mistyped flag would stop every start with "bad option").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  config: { serverNodeFlags: string };
  scripts: Record<string, string>;
};
const flags = pkg.config.serverNodeFlags;

describe('the heap flags of a serving process', () => {
  it('bound the old space and the young generation, and Node.js takes them', () => {
    expect(flags).toMatch(/--max-old-space-size=\d+/);
    expect(flags).toMatch(/--max-semi-space-size=\d+/);
    const oldSpaceMb = Number(/--max-old-space-size=(\d+)/.exec(flags)![1]);
    const limitMb =
      Number(
        execFileSync(
          process.execPath,
          [
            ...flags.split(' '),
            '-e',
            "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit))",
          ],
          { encoding: 'utf8' },
        ),
      ) /
      1024 /
      1024;
    // The limit is the old space plus the young generation (three semi-spaces at most).
    expect(limitMb).toBeGreaterThanOrEqual(oldSpaceMb);
    expect(limitMb).toBeLessThan(oldSpaceMb + 128);
  });

  it('are what `npm start` and the systemd unit start the server with', () => {
    expect(pkg.scripts.start).toContain(
      'node $npm_package_config_serverNodeFlags apps/server/dist/main.js start',
    );
    const unit = readFileSync(path.join(root, 'deploy/systemd/services-trade-portal.service'), 'utf8');
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='));
    expect(execStart).toBe(`ExecStart=/usr/local/bin/node ${flags} apps/server/dist/main.js start`);
  });
});
