import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each spec took in CI (2 cores, two shards at once, 26 Nov 2026, with screenshots). Only the
 * split between shards uses them: a spec missing here counts as `unknownSeconds` and still runs.
 */
const specSeconds: Record<string, number> = {
  'accessibility.spec.ts': 490,
  'complaints-journey.spec.ts': 165,
  'catalogue-view.spec.ts': 146,
  'content.spec.ts': 132,
  'admin-insights.spec.ts': 128,
  'complaints.spec.ts': 123,
  'complaints-manage.spec.ts': 114,
  'admin-catalogue-config.spec.ts': 86,
  'admin-users.spec.ts': 83,
  'manage-restrictions.spec.ts': 78,
  'audit-dashboard.spec.ts': 69,
  'manage-pages.spec.ts': 55,
  'admin-policies.spec.ts': 41,
  'catalogue.spec.ts': 40,
  'sms-services.spec.ts': 38,
  'insights.spec.ts': 31,
  'public-shell.spec.ts': 29,
  'access.spec.ts': 24,
  'home.spec.ts': 22,
  'account-flows.spec.ts': 19,
  'keyboard-complaint.spec.ts': 18,
  'list-widths.spec.ts': 40,
};
const unknownSeconds = 60;

const secondsOf = (spec: TestSpecification) => specSeconds[path.basename(spec.moduleId)] ?? unknownSeconds;

/**
 * Specs split into `count` shards of about equal time: the longest first to the shard with the least
 * time so far, then single moves and swaps between the longest and the shortest shard while they
 * shorten the longest (the first pass alone leaves one long spec's shard a minute over). Every shard
 * computes the same split from the same file list.
 */
export function balancedShards(seconds: number[], count: number): number[][] {
  const shards: number[][] = Array.from({ length: count }, () => []);
  const total = (shard: number[]) => shard.reduce((sum, item) => sum + seconds[item]!, 0);
  const longestFirst = seconds.map((_, item) => item).sort((a, b) => seconds[b]! - seconds[a]! || a - b);
  for (const item of longestFirst) {
    const totals = shards.map(total);
    shards[totals.indexOf(Math.min(...totals))]!.push(item);
  }
  for (let step = 0; step < 100; step += 1) {
    const totals = shards.map(total);
    const long = shards[totals.indexOf(Math.max(...totals))]!;
    const short = shards[totals.indexOf(Math.min(...totals))]!;
    const gap = total(long) - total(short);
    // The best exchange: a spec of the long shard for one of the short shard (or for none).
    let best: { from: number; to: number | undefined; shift: number } | undefined;
    for (const from of long)
      for (const to of [undefined, ...short]) {
        const shift = seconds[from]! - (to === undefined ? 0 : seconds[to]!);
        if (shift > 0 && shift < gap && (!best || Math.abs(gap - 2 * shift) < Math.abs(gap - 2 * best.shift)))
          best = { from, to, shift };
      }
    if (!best) break;
    long.splice(long.indexOf(best.from), 1);
    short.push(best.from);
    if (best.to !== undefined) {
      short.splice(short.indexOf(best.to), 1);
      long.push(best.to);
    }
  }
  return shards;
}

/** `--shard=i/n` by time instead of by file count (balancedShards). */
export class BalancedSequencer extends BaseSequencer {
  override shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const ordered = [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    const shards = balancedShards(ordered.map(secondsOf), count);
    return Promise.resolve(shards[index - 1]!.map((item) => ordered[item]!));
  }
}
