// Issue 29, item 3: the one-pass check of a JSON body's nesting and items, and the linear NUL scan.
import { describe, expect, it } from 'vitest';
import { maxJsonDepth, maxJsonItems, withinJsonLimits } from './json-body.js';
import { findNullCharacter } from './null-characters.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('withinJsonLimits', () => {
  it('takes nesting up to the limit, not one level more, arrays and objects alike', () => {
    expect(withinJsonLimits(nested(maxJsonDepth))).toBe(true);
    expect(withinJsonLimits(nested(maxJsonDepth + 1))).toBe(false);
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(withinJsonLimits(objects(maxJsonDepth))).toBe(true);
    expect(withinJsonLimits(objects(maxJsonDepth + 1))).toBe(false);
    // Depth is nesting, not the count of brackets: siblings do not add up.
    expect(
      withinJsonLimits(`[${Array.from({ length: 100 }, () => nested(maxJsonDepth - 1)).join(',')}]`),
    ).toBe(true);
  });

  it('skips brackets, commas and escaped quotes inside strings', () => {
    const inString = JSON.stringify({ text: `${'[{,'.repeat(20_000)}\\"]]` });
    expect(withinJsonLimits(inString)).toBe(true);
    // An escaped backslash before the closing quote ends the string: the brackets after it count.
    expect(withinJsonLimits(`["a\\\\", ${nested(maxJsonDepth)}]`)).toBe(false);
    expect(withinJsonLimits(`["a\\"", ${nested(maxJsonDepth - 1)}]`)).toBe(true);
  });

  it('takes up to the item limit', () => {
    const numbers = (count: number) => `[${Array.from({ length: count }, () => '0').join(',')}]`;
    expect(withinJsonLimits(numbers(maxJsonItems))).toBe(true);
    expect(withinJsonLimits(numbers(maxJsonItems + 1))).toBe(false);
  });
});

describe('findNullCharacter', () => {
  it('names the field, however deep', () => {
    expect(findNullCharacter({ a: [1, { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findNullCharacter({ 'na\u0000me': 1 })).toBe('name');
    expect(findNullCharacter('\u0000')).toBe('_');
    expect(findNullCharacter(['ok', '\u0000'])).toBe('1');
    expect(findNullCharacter({ a: { b: ['ok'] }, file: Buffer.from('\u0000') })).toBeNull();
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 50_000; level += 1) deep = [deep];
    expect(findNullCharacter(deep)).toBe(Array.from({ length: 50_000 }, () => '0').join('.'));
  });

  it('is linear: 50,000 levels take about as long as 50,000 siblings', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 50_000; level += 1) deep = [deep];
    const wide = Array.from({ length: 50_000 }, () => ['x']);
    const time = (value: unknown) => {
      const started = performance.now();
      expect(findNullCharacter(value)).toBeNull();
      return performance.now() - started;
    };
    time(wide);
    // Before issue 29 the path was copied at each level: 50,000 levels took 20-40 s.
    expect(time(deep)).toBeLessThan(Math.max(10 * time(wide), 500));
  });
});
