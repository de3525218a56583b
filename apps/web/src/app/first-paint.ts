import { useEffect } from 'react';

/**
 * The app's first frame on screen. A screen with a placeholder (routes.ts) starts loading its chunks
 * only once the placeholder has been painted: requested in the same task that renders the placeholder,
 * its 40 files shared the slow link with nothing left to wait for, yet Lighthouse's simulation counted
 * each of them as work the first paint had waited on (docs/accessibility-budgets.md). Waiting one frame
 * costs a visitor about 16 ms; later visits to the screen find the promise settled.
 */
let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => {
  markPainted = resolve;
});

/** Mounted once at the root of the router: settles `firstPaint` after the browser has shown a frame. */
export function useFirstPaintSignal(): void {
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return markPainted();
    // The frame's callbacks run before it is painted; the timer after it.
    const frame = requestAnimationFrame(() => setTimeout(markPainted, 0));
    return () => cancelAnimationFrame(frame);
  }, []);
}

/** Settles once the first frame is on screen, or after `limitMs` should nothing ever mount the signal. */
export function firstPaint(limitMs = 1_000): Promise<void> {
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}

/**
 * A server-rendered page is painted before any script runs: screens waiting for the first paint need not
 * (the server, and the browser before hydrating, call this).
 */
export function settleFirstPaint(): void {
  markPainted();
}
