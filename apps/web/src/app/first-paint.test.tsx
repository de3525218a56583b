import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstPaint, useFirstPaintSignal } from './first-paint.js';

const settlesWithin = (promise: Promise<void>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

function Root() {
  useFirstPaintSignal();
  return <p>Root</p>;
}

// The first paint happens once per page: the order of these tests is the page's.
describe('firstPaint', () => {
  it('waits for the root to be on screen, and no longer than its limit', async () => {
    expect(await settlesWithin(firstPaint(10_000), 100)).toBe(false);
    expect(await settlesWithin(firstPaint(20), 500)).toBe(true);
  });

  it('settles once the root has been on screen, then at once for every later screen', async () => {
    const waiting = firstPaint(10_000);
    render(<Root />);
    expect(await settlesWithin(waiting, 1_000)).toBe(true);
    expect(await settlesWithin(firstPaint(10_000), 5)).toBe(true);
  });
});
