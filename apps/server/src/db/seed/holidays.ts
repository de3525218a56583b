import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { publicHolidays } from '../schema/index.js';
import { partnerStateHolidays } from './data/public-holidays.js';

/**
 * The partner states' public holidays (base data). A country's year is seeded only while the table
 * holds no holiday of that country and year: a holiday staff removed does not come back at the next start.
 */
export async function seedHolidays(tx: Executor): Promise<void> {
  const present = await tx
    .selectDistinct({
      country: publicHolidays.countryCode,
      year: sql<string>`extract(year from ${publicHolidays.date})::text`,
    })
    .from(publicHolidays);
  const seeded = new Set(present.map((row) => `${row.country}:${row.year}`));
  const rows = partnerStateHolidays()
    .filter((holiday) => !seeded.has(`${holiday.country}:${holiday.date.slice(0, 4)}`))
    .map((holiday) => ({
      countryCode: holiday.country,
      date: holiday.date,
      nameEn: holiday.en,
      nameFr: holiday.fr,
    }));
  if (rows.length > 0) await tx.insert(publicHolidays).values(rows).onConflictDoNothing();
}
