import {
  holidayTexts,
  ZHolidayInputSchema,
  ZHolidayListQuerySchema,
  type THolidayAdminItem,
  type THolidayBody,
} from '@stp/shared';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import { countries, publicHolidays } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { rescheduleForHolidays } from '../complaints/stage-due.js';

type HolidayRow = typeof publicHolidays.$inferSelect;

/**
 * The partner states' public holidays (`complaints.*_publicholiday`): working-day deadlines skip them.
 * A change moves, in its own transaction, the due dates it shifts (stage-due.ts `rescheduleForHolidays`).
 */
export const holidaysAdminResource: AdminResource<HolidayRow, THolidayBody, THolidayAdminItem> = {
  name: 'holidays',
  app: 'complaints',
  model: 'publicholiday',
  table: publicHolidays,
  id: publicHolidays.id,
  listQuery: ZHolidayListQuerySchema,
  where: (query) => [
    searchAny(query.q, [publicHolidays.nameEn, publicHolidays.nameFr]),
    typeof query.country === 'string' ? eq(publicHolidays.countryCode, query.country) : undefined,
    typeof query.year === 'number'
      ? and(gte(publicHolidays.date, `${query.year}-01-01`), lte(publicHolidays.date, `${query.year}-12-31`))
      : undefined,
  ],
  sorts: {
    date: publicHolidays.date,
    country: publicHolidays.countryCode,
    name: publicHolidays.nameEn,
    name_fr: publicHolidays.nameFr,
  },
  defaultSort: 'date',
  input: ZHolidayInputSchema,
  async values(input, { tx }) {
    const [country] = await tx
      .select({ partner: countries.isPartnerState })
      .from(countries)
      .where(eq(countries.code, input.country_code));
    if (!country?.partner) throw validationFailed({ country_code: holidayTexts.partnerState });
    return {
      countryCode: input.country_code,
      date: input.date,
      nameEn: input.name_en,
      nameFr: input.name_fr,
    };
  },
  async afterWrite(row, _input, { tx, before }) {
    if (before && before.countryCode !== row.countryCode) {
      await rescheduleForHolidays(tx, before.countryCode, { removed: before.date });
      await rescheduleForHolidays(tx, row.countryCode, { added: row.date });
      return;
    }
    if (before?.date === row.date) return;
    await rescheduleForHolidays(tx, row.countryCode, { added: row.date, removed: before?.date });
  },
  async beforePurge(row, { tx }) {
    // The row goes first, so the due dates are counted without it.
    await tx.delete(publicHolidays).where(eq(publicHolidays.id, row.id));
    await rescheduleForHolidays(tx, row.countryCode, { removed: row.date });
  },
  async present(db, rows) {
    const codes = [...new Set(rows.map((row) => row.countryCode))];
    const names = codes.length
      ? await db
          .select({ code: countries.code, en: countries.nameEn, fr: countries.nameFr })
          .from(countries)
          .where(inArray(countries.code, codes))
      : [];
    const byCode = new Map(names.map((name) => [name.code, { en: name.en, fr: name.fr }]));
    return rows.map((row) => ({
      id: row.id,
      country_code: row.countryCode,
      country: byCode.get(row.countryCode) ?? { en: row.countryCode, fr: row.countryCode },
      date: row.date,
      name_en: row.nameEn,
      name_fr: row.nameFr,
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  onDuplicate: async () => validationFailed({ date: holidayTexts.taken }),
};
