import { startTransition, useEffect, useState } from 'react';

/**
 * A list's rows as they first appear, a few more per commit: `step` rows, then `step` more in a
 * transition after each commit, until all are shown. A slow phone then lays out and paints the first
 * screenful at once and the rest in short tasks of their own, instead of one long task for the whole
 * page. Rows that replace rows already shown (the next page, a new filter) appear all together, so
 * the list never shrinks and grows again under the reader's eyes.
 */
export function useRowsInSteps<Row>(rows: Row[] | undefined, step: number): Row[] | undefined {
  const [progress, setProgress] = useState({ rows, shown: rows?.length ?? 0 });
  let current = progress;
  if (progress.rows !== rows) {
    // New rows: in steps when none were shown before, all at once otherwise.
    const shown = !progress.rows && rows ? Math.min(step, rows.length) : (rows?.length ?? 0);
    current = { rows, shown };
    setProgress(current);
  }
  const complete = !rows || current.shown >= rows.length;
  useEffect(() => {
    if (complete) return;
    startTransition(() =>
      setProgress((now) => (now.rows === rows ? { rows, shown: now.shown + step } : now)),
    );
  }, [complete, rows, current.shown, step]);
  return complete ? rows : rows.slice(0, current.shown);
}
