import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRowsInSteps } from './use-rows-in-steps.js';

const rowsOf = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index);

describe('useRowsInSteps', () => {
  it('shows rows that replace the placeholder a step per commit, then all of them', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ rows }: { rows: number[] | undefined }) => {
        const shown = useRowsInSteps(rows, 5);
        seen.push(shown?.length ?? -1);
        return shown;
      },
      { initialProps: { rows: undefined as number[] | undefined } },
    );
    expect(result.current).toBeUndefined();
    const rows = rowsOf(12);
    await act(async () => rerender({ rows }));
    expect(result.current).toEqual(rows);
    // Every length on the way: 5, then 10, then the 12 rows (never all of them at once).
    const lengths = [...new Set(seen.filter((length) => length > 0))];
    expect(lengths).toEqual([5, 10, 12]);
  });

  it('shows rows that replace shown rows all at once', async () => {
    const first = rowsOf(12);
    const { result, rerender } = renderHook(({ rows }) => useRowsInSteps(rows, 5), {
      initialProps: { rows: first },
    });
    expect(result.current).toEqual(first);
    const next = rowsOf(12, 100);
    rerender({ rows: next });
    expect(result.current).toEqual(next);
  });

  it('keeps no rows while there are none', () => {
    const { result } = renderHook(() => useRowsInSteps<number>(undefined, 5));
    expect(result.current).toBeUndefined();
  });
});
