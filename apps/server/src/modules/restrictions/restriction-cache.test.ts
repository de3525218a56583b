// The page caches are bounded by bytes, not only by entries (issue 35: 2,000 pages of 15-30 KB were
// 30-60 MB of one process's memory).
import { describe, expect, it } from 'vitest';
import { entryOverhead, stringBytes } from '../../lib/lru-map.js';
import { TtlCache } from './restriction-cache.js';

describe('TtlCache with a byte budget', () => {
  it('keeps its values under the budget, the oldest leaving first', async () => {
    const cache = new TtlCache<string>(60_000, 2_000, { maxBytes: 100_000, weigh: stringBytes });
    const page = (i: number) => `${i}`.padEnd(20_000, 'x');
    for (let i = 0; i < 50; i += 1) await cache.get(`page ${i}`, async () => page(i));
    expect(cache.usage.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.usage.entries).toBe(Math.floor(100_000 / (20_000 + entryOverhead)));
    let loads = 0;
    await cache.get('page 49', async () => ((loads += 1), page(49)));
    await cache.get('page 0', async () => ((loads += 1), page(0)));
    expect(loads).toBe(1);
  });

  it('answers a value bigger than the budget without keeping it', async () => {
    const cache = new TtlCache<string>(60_000, 10, { maxBytes: 1_000, weigh: stringBytes });
    expect(await cache.get('big', async () => 'y'.repeat(5_000))).toHaveLength(5_000);
    expect(cache.usage).toEqual({ entries: 0, bytes: 0 });
  });
});
