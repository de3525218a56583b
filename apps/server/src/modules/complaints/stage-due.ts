import { and, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { complaints, publicHolidays } from '../../db/schema/index.js';
import {
  addWorkingDays,
  countWorkingDays,
  dueAt,
  horizonOf,
  utcDate,
  type DeadlineUnit,
} from '../../lib/working-days.js';

/**
 * Whose public holidays a stage's working days skip: the complaint's country at the regulator stage
 * (its national regulator), the secretariat's host, Tanzania (Arusha), at the regional and council
 * stages (docs/background-jobs.md, "Deadlines").
 */
export const secretariatCountry = 'TZ';

export const holidayCountryOf = (stage: string, complaintCountry: string): string =>
  stage === 'regulator' ? complaintCountry : secretariatCountry;

/** The holiday dates of `country` from `from` to `to` (UTC dates). */
export async function holidayDates(
  db: Executor,
  country: string,
  from?: Date,
  to?: Date,
): Promise<Set<string>> {
  const conditions: SQL[] = [eq(publicHolidays.countryCode, country)];
  if (from) conditions.push(gte(publicHolidays.date, utcDate(from)));
  if (to) conditions.push(lte(publicHolidays.date, utcDate(to)));
  const rows = await db
    .select({ date: publicHolidays.date })
    .from(publicHolidays)
    .where(and(...conditions));
  return new Set(rows.map((row) => row.date));
}

/** A review stage's deadline as configured. */
export interface StageDeadline {
  stage: string;
  deadlineDays: number;
  deadlineUnit: string;
}

const unitOf = (value: string | null | undefined): DeadlineUnit =>
  value === 'working' ? 'working' : 'calendar';

/** The due date of `stage` entered at `start` by a complaint of `complaintCountry`, and how it was counted. */
export async function stageDue(
  db: Executor,
  stage: StageDeadline,
  complaintCountry: string,
  start: Date,
): Promise<{ stageDueAt: Date; stageDeadlineUnit: DeadlineUnit }> {
  const deadline = { days: stage.deadlineDays, unit: unitOf(stage.deadlineUnit) };
  const holidays =
    deadline.unit === 'working'
      ? await holidayDates(
          db,
          holidayCountryOf(stage.stage, complaintCountry),
          start,
          horizonOf(start, deadline),
        )
      : new Set<string>();
  return { stageDueAt: dueAt(start, deadline, holidays), stageDeadlineUnit: deadline.unit };
}

/**
 * After a holiday of `country` was added, moved or removed (inside that change's transaction): the
 * working-day due dates of the complaints at a stage counting that country's holidays are counted again,
 * with the same number of working days as they were given. `added` and `removed` are the dates that
 * changed; the table already holds the new state. Returns how many due dates moved.
 */
export async function rescheduleForHolidays(
  tx: Executor,
  country: string,
  change: { added?: string; removed?: string },
): Promise<number> {
  const byCountry: SQL[] = [
    and(eq(complaints.stage, 'regulator'), eq(complaints.countryCode, country)) as SQL,
  ];
  if (country === secretariatCountry) byCountry.push(inArray(complaints.stage, ['regional', 'council']));
  const open = await tx
    .select({
      id: complaints.id,
      start: complaints.stageStartedAt,
      due: complaints.stageDueAt,
    })
    .from(complaints)
    .where(
      and(
        eq(complaints.stageDeadlineUnit, 'working'),
        isNotNull(complaints.stageStartedAt),
        isNotNull(complaints.stageDueAt),
        eq(complaints.archived, false),
        isNull(complaints.deletedOn),
        or(...byCountry),
      ),
    );
  const changed = [change.added, change.removed].filter((date): date is string => Boolean(date));
  // Only a complaint whose span (after its start day, up to its due day) holds a changed date can move.
  const touched = open.filter(
    (row) =>
      row.start && row.due && changed.some((date) => utcDate(row.start!) < date && date <= utcDate(row.due!)),
  );
  if (touched.length === 0) return 0;
  const now = await holidayDates(tx, country);
  const before = new Set(now);
  if (change.added) before.delete(change.added);
  if (change.removed) before.add(change.removed);
  let moved = 0;
  for (const row of touched) {
    const days = countWorkingDays(row.start!, row.due!, before);
    const due = addWorkingDays(row.start!, days, now);
    if (due.getTime() === row.due!.getTime()) continue;
    await tx.update(complaints).set({ stageDueAt: due }).where(eq(complaints.id, row.id));
    moved += 1;
  }
  return moved;
}
