import { describe, expect, it } from 'vitest';
import { entryOverhead, LruMap, stringBytes } from './lru-map.js';

describe('LruMap', () => {
  it('keeps at most its capacity, dropping the least recently used entry', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    expect(map.size).toBe(2);
  });
});

describe('LruMap with a byte budget', () => {
  it('keeps its values under the budget, dropping the least recently used first', () => {
    const map = new LruMap<number, string>(1_000, { maxBytes: 10_000, weigh: stringBytes });
    for (let i = 0; i < 100; i += 1) map.set(i, 'x'.repeat(1_000));
    expect(map.bytes).toBeLessThanOrEqual(10_000);
    expect(map.size).toBe(Math.floor(10_000 / (1_000 + entryOverhead)));
    expect(map.get(99)).toBeDefined();
    expect(map.get(0)).toBeUndefined();
  });

  it('weighs a value again when it is set again, and counts two bytes a character beyond Latin-1', () => {
    const map = new LruMap<string, string[]>(10, {
      maxBytes: 1_000,
      weigh: (list) => list.reduce((sum, text) => sum + stringBytes(text), 0),
    });
    const list = ['é'.repeat(100)];
    map.set('a', list);
    expect(map.bytes).toBe(100 + entryOverhead);
    list.push('…'.repeat(100));
    map.set('a', list);
    expect(map.bytes).toBe(300 + entryOverhead);
    map.delete('a');
    expect(map.bytes).toBe(0);
  });
});
