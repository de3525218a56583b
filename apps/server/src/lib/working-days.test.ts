// Issue 31 item 3: working-day arithmetic over weekends and public holidays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addWorkingDays, countWorkingDays, dueAt, horizonOf, isWorkingDay, utcDate } from './working-days.js';

const dayMs = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('addWorkingDays', () => {
  it('skips the weekend', () => {
    // Friday 29 May 2026, 10:00 UTC: the next working day is Monday 1 June.
    expect(addWorkingDays(at('2026-05-29T10:00:00Z'), 1, new Set())).toEqual(at('2026-06-01T10:00:00Z'));
    expect(addWorkingDays(at('2026-05-29T10:00:00Z'), 5, new Set())).toEqual(at('2026-06-05T10:00:00Z'));
    // Entered on a Saturday: its day does not count, Monday is the first working day after it.
    expect(addWorkingDays(at('2026-05-30T23:30:00Z'), 1, new Set())).toEqual(at('2026-06-01T23:30:00Z'));
  });

  it('skips holidays, and a holiday on a weekend changes nothing', () => {
    const madaraka = new Set(['2026-06-01']);
    expect(addWorkingDays(at('2026-05-29T10:00:00Z'), 1, madaraka)).toEqual(at('2026-06-02T10:00:00Z'));
    const onSunday = new Set(['2026-05-31']);
    expect(addWorkingDays(at('2026-05-29T10:00:00Z'), 1, onSunday)).toEqual(at('2026-06-01T10:00:00Z'));
    // Christmas and Boxing Day 2026 (Friday and Saturday): 10 working days from Wednesday 23 December.
    const christmas = new Set(['2026-12-25', '2026-12-26', '2027-01-01']);
    expect(addWorkingDays(at('2026-12-23T08:00:00Z'), 10, christmas)).toEqual(at('2027-01-08T08:00:00Z'));
  });

  it('zero days is the start', () => {
    expect(addWorkingDays(at('2026-05-30T10:00:00Z'), 0, new Set())).toEqual(at('2026-05-30T10:00:00Z'));
  });
});

describe('dueAt', () => {
  it('counts calendar days as whole days, whatever the holidays', () => {
    const start = at('2026-05-29T10:00:00Z');
    expect(dueAt(start, { days: 14, unit: 'calendar' }, new Set(['2026-06-01']))).toEqual(
      at('2026-06-12T10:00:00Z'),
    );
    expect(dueAt(start, { days: 14, unit: 'working' }, new Set(['2026-06-01']))).toEqual(
      at('2026-06-19T10:00:00Z'),
    );
  });
});

// Instants from 2025 to 2028, holidays as a set of dates in the same range.
const instant = fc.date({
  min: at('2025-01-01T00:00:00Z'),
  max: at('2028-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const holidaySet = fc
  .array(fc.integer({ min: 0, max: 4 * 366 }), { maxLength: 40 })
  .map(
    (offsets) => new Set(offsets.map((offset) => utcDate(new Date(Date.UTC(2025, 0, 1) + offset * dayMs)))),
  );

describe('working days (properties)', () => {
  it('lands on a working day at the same time of day, exactly N working days later', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 60 }), holidaySet, (start, days, holidays) => {
        const due = addWorkingDays(start, days, holidays);
        expect(isWorkingDay(due, holidays)).toBe(true);
        expect((due.getTime() - start.getTime()) % dayMs).toBe(0);
        expect(countWorkingDays(start, due, holidays)).toBe(days);
        expect(due.getTime()).toBeLessThanOrEqual(horizonOf(start, { days, unit: 'working' }).getTime());
      }),
    );
  });

  it('counts back what it added, so a due date can be moved when the holidays change', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 60 }), holidaySet, (start, days, holidays) => {
        expect(countWorkingDays(start, addWorkingDays(start, days, holidays), holidays)).toBe(days);
      }),
    );
  });

  it('never comes earlier than the calendar deadline, nor earlier when a holiday is added', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 60 }),
        holidaySet,
        fc.integer({ min: 0, max: 90 }),
        (start, days, holidays, extra) => {
          const due = addWorkingDays(start, days, holidays);
          expect(due.getTime()).toBeGreaterThanOrEqual(start.getTime() + days * dayMs);
          const more = new Set([...holidays, utcDate(new Date(start.getTime() + extra * dayMs))]);
          expect(addWorkingDays(start, days, more).getTime()).toBeGreaterThanOrEqual(due.getTime());
        },
      ),
    );
  });
});
