import { describe, expect, it, vi } from 'vitest';
import { memoize } from './memoize.js';

describe('memoize', () => {
  it('computes once within the time to live, again after it or after clear()', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const memo = memoize(1_000, async () => ++calls);
    expect(await memo.get()).toBe(1);
    expect(await memo.get()).toBe(1);
    vi.advanceTimersByTime(1_001);
    expect(await memo.get()).toBe(2);
    memo.clear();
    expect(await memo.get()).toBe(3);
    vi.useRealTimers();
  });

  it('does not keep a failure', async () => {
    let fail = true;
    const memo = memoize(60_000, async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    });
    await expect(memo.get()).rejects.toThrow('database away');
    fail = false;
    await Promise.resolve();
    expect(await memo.get()).toBe('ok');
  });
});
