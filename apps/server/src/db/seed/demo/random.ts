// Small deterministic helpers over a seeded PRNG: the demo and benchmark data must be reproducible.

export type Rng = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for test data, not for anything secret. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max], both included. */
export function randInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('Cannot pick from an empty list');
  return items[pickIndex(rng, items.length)] as T;
}

/** The index `pick` would take from a list of `length` items (the same draw), for lists kept in parallel. */
export function pickIndex(rng: Rng, length: number): number {
  return Math.floor(rng() * length);
}

/** `count` distinct items in random order (fewer if the list is shorter). */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const copy = items.slice();
  const out: T[] = [];
  while (out.length < count && copy.length > 0) {
    const index = Math.floor(rng() * copy.length);
    out.push(copy.splice(index, 1)[0] as T);
  }
  return out;
}

/** Picks by weight; the cumulative table is built once so a pick is a short scan. */
export class WeightedPicker<T> {
  private readonly items: readonly T[];
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    if (entries.length === 0) throw new Error('A weighted picker needs at least one entry');
    this.items = entries.map(([item]) => item);
    let sum = 0;
    for (const [, weight] of entries) {
      sum += Math.max(0, weight);
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  pick(rng: Rng): T {
    const target = rng() * this.total;
    for (let i = 0; i < this.cumulative.length; i++) {
      if (target < (this.cumulative[i] as number)) return this.items[i] as T;
    }
    return this.items[this.items.length - 1] as T;
  }
}

/** Rounds to two decimals, as the restrictiveness indicator is shown. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A readable date such as "14 March 2012" for a random day of the given year. */
export function randomDayText(rng: Rng, year: number): string {
  return `${randInt(rng, 1, 28)} ${pick(rng, monthNames)} ${year}`;
}
