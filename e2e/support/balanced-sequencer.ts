import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each spec took in a full run (2 cores, two shards at once, no screenshots, as CI runs it:
 * 28 Nov 2026). Only the split between shards uses them: a spec missing here counts as `unknownSeconds`
 * and still runs.
 */
const specSeconds: Record<string, number> = {
  'accessibility.spec.ts': 575,
  'findable-content.spec.ts': 341,
  'french-typography.spec.ts': 240,
  'trader-journey.spec.ts': 187,
  // Issue 34's specs, estimated from their first runs on a loaded machine (28 Nov 2026).
  'subscriptions.spec.ts': 200,
  'performance.spec.ts': 150,
  'complaint-confidentiality.spec.ts': 120,
  'complaint-feedback.spec.ts': 120,
  'duplicate-hints.spec.ts': 100,
  'content.spec.ts': 158,
  'admin-insights.spec.ts': 158,
  'complaints-journey.spec.ts': 156,
  'feeds.spec.ts': 147,
  'phone-layouts.spec.ts': 146,
  'complaints-manage.spec.ts': 141,
  'french-content.spec.ts': 135,
  'complaints.spec.ts': 130,
  'catalogue-view.spec.ts': 123,
  'admin-users.spec.ts': 116,
  'admin-catalogue-config.spec.ts': 109,
  'audit-review.spec.ts': 109,
  'open-data.spec.ts': 107,
  'reviewer-journey.spec.ts': 95,
  'manage-restrictions.spec.ts': 93,
  'delivery-admin.spec.ts': 92,
  'audit-dashboard.spec.ts': 82,
  'compare.spec.ts': 80,
  'bilingual-content.spec.ts': 77,
  'reminders-holidays.spec.ts': 67,
  'manage-pages.spec.ts': 65,
  'deleted-records.spec.ts': 60,
  'list-widths.spec.ts': 52,
  'admin-policies.spec.ts': 50,
  'account-flows.spec.ts': 39,
  'insights.spec.ts': 37,
  'sms-services.spec.ts': 32,
  'public-shell.spec.ts': 31,
  'home.spec.ts': 28,
  'access.spec.ts': 27,
  'catalogue.spec.ts': 22,
  'browse-phone.spec.ts': 19,
  'server-rendering.spec.ts': 17,
  'keyboard-complaint.spec.ts': 12,
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
