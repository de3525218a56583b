import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each spec took in CI (2 cores, one spec at a time, 21 Nov 2026). Only the split between
 * shards uses them: a spec missing here counts as `unknownSeconds` and still runs.
 */
const specSeconds: Record<string, number> = {
  'accessibility.spec.ts': 501,
  'catalogue-view.spec.ts': 132,
  'admin-insights.spec.ts': 125,
  'complaints-journey.spec.ts': 125,
  'content.spec.ts': 123,
  'complaints.spec.ts': 115,
  'complaints-manage.spec.ts': 102,
  'admin-catalogue-config.spec.ts': 82,
  'admin-users.spec.ts': 82,
  'audit-dashboard.spec.ts': 75,
  'manage-restrictions.spec.ts': 68,
  'manage-pages.spec.ts': 52,
  'admin-policies.spec.ts': 35,
  'sms-services.spec.ts': 33,
  'catalogue.spec.ts': 30,
  'insights.spec.ts': 26,
  'access.spec.ts': 25,
  'home.spec.ts': 21,
  'account-flows.spec.ts': 19,
  'public-shell.spec.ts': 19,
  'keyboard-complaint.spec.ts': 13,
};
const unknownSeconds = 60;

const secondsOf = (spec: TestSpecification) => specSeconds[path.basename(spec.moduleId)] ?? unknownSeconds;

/**
 * `--shard=i/n` by time instead of by file count: the longest spec first goes to the shard with the
 * least time so far (every shard computes the same split from the same file list).
 */
export class BalancedSequencer extends BaseSequencer {
  override shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const totals = new Array<number>(count).fill(0);
    const mine: TestSpecification[] = [];
    const longestFirst = [...files].sort(
      (a, b) => secondsOf(b) - secondsOf(a) || a.moduleId.localeCompare(b.moduleId),
    );
    for (const spec of longestFirst) {
      const shard = totals.indexOf(Math.min(...totals));
      totals[shard] = (totals[shard] ?? 0) + secondsOf(spec);
      if (shard === index - 1) mine.push(spec);
    }
    return Promise.resolve(mine);
  }
}
