/** How a review stage counts its deadline: every day, or working days only (docs/background-jobs.md, "Deadlines"). */
export type DeadlineUnit = 'calendar' | 'working';

export interface Deadline {
  days: number;
  unit: DeadlineUnit;
}

const dayMs = 86_400_000;

/** The UTC calendar date of an instant, `YYYY-MM-DD` (the holiday table's dates are compared with it). */
export const utcDate = (instant: Date): string => instant.toISOString().slice(0, 10);

/** Saturday or Sunday (UTC). */
export const isWeekend = (instant: Date): boolean => {
  const day = instant.getUTCDay();
  return day === 0 || day === 6;
};

/** A working day: not a weekend, not one of `holidays` (UTC dates `YYYY-MM-DD`). */
export const isWorkingDay = (instant: Date, holidays: ReadonlySet<string>): boolean =>
  !isWeekend(instant) && !holidays.has(utcDate(instant));

/**
 * `start` plus `days` working days: the same time of day on the `days`-th working day after the day of
 * `start` (the day of `start` itself never counts, whatever it is). Zero days is `start`.
 */
export function addWorkingDays(start: Date, days: number, holidays: ReadonlySet<string>): Date {
  let at = start.getTime();
  let left = days;
  while (left > 0) {
    at += dayMs;
    if (isWorkingDay(new Date(at), holidays)) left -= 1;
  }
  return new Date(at);
}

/** The due time of a stage entered at `start`: calendar days are whole 24-hour days, working days skip weekends and `holidays`. */
export function dueAt(start: Date, deadline: Deadline, holidays: ReadonlySet<string> = new Set()): Date {
  return deadline.unit === 'working'
    ? addWorkingDays(start, deadline.days, holidays)
    : new Date(start.getTime() + deadline.days * dayMs);
}

/** The last UTC date a deadline of `deadline` from `start` can reach: the range of holidays to load. */
export function horizonOf(start: Date, deadline: Deadline): Date {
  // A year holds at most ~30 holidays; two calendar days per working day (plus a margin) is more than enough.
  const span = deadline.unit === 'working' ? deadline.days * 2 + 60 : deadline.days;
  return new Date(start.getTime() + span * dayMs);
}

/** Working days strictly after the day of `from`, up to and including the day of `to`. */
export function countWorkingDays(from: Date, to: Date, holidays: ReadonlySet<string>): number {
  let count = 0;
  const last = utcDate(to);
  for (let day = from.getTime() + dayMs; utcDate(new Date(day)) <= last; day += dayMs)
    if (isWorkingDay(new Date(day), holidays)) count += 1;
  return count;
}
