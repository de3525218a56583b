import { smsTexts, type SmsServiceItem, type TSmsService } from '@stp/shared';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { auditLog, countries, smsServices } from '../../db/schema/index.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { presentSmsService } from './sms-services.presenter.js';

export type SmsServiceRow = typeof smsServices.$inferSelect;
type CountryRow = Pick<typeof countries.$inferSelect, 'code' | 'nameEn' | 'nameFr'>;

const countryColumns = { code: countries.code, nameEn: countries.nameEn, nameFr: countries.nameFr };

/** Every partner state with its SMS service; a state without one shows the inactive defaults. */
export async function listSmsServices(db: Executor): Promise<SmsServiceItem[]> {
  const rows = await db
    .select({ country: countryColumns, service: smsServices })
    .from(countries)
    .leftJoin(smsServices, eq(smsServices.countryCode, countries.code))
    .where(eq(countries.isPartnerState, true))
    .orderBy(asc(countries.sortOrder), asc(countries.nameEn));
  return rows.map((row) => presentSmsService(row.country, row.service));
}

async function partnerState(db: Executor, code: string): Promise<CountryRow> {
  const [country] = await db
    .select(countryColumns)
    .from(countries)
    .where(and(eq(countries.code, code), eq(countries.isPartnerState, true)));
  if (!country) throw notFound();
  return country;
}

/** The date part of today in UTC, for a service switched on without an activation date. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Creates or updates one partner state's SMS service, with an audit row, in one transaction.
 * A keyword routes messages to a country only together with the short code they were sent to, so it
 * must be unique among the services sharing that short code (the demo states share `NTB`).
 */
export async function saveSmsService(
  db: Database,
  code: string,
  input: TSmsService,
  actor: { userId: number; ip: string },
): Promise<SmsServiceItem> {
  return db.transaction(async (tx) => {
    const country = await partnerState(tx, code);
    if (input.keyword && input.short_code) {
      const [clash] = await tx
        .select({ code: smsServices.countryCode })
        .from(smsServices)
        .where(
          and(
            ne(smsServices.countryCode, code),
            eq(smsServices.keyword, input.keyword),
            eq(smsServices.shortCode, input.short_code),
          ),
        );
      if (clash) throw validationFailed({ keyword: smsTexts.keywordTaken });
    }
    const [before] = await tx.select().from(smsServices).where(eq(smsServices.countryCode, code));
    const values = {
      isActive: input.is_active,
      shortCode: input.short_code,
      keyword: input.keyword,
      instructionsEn: input.instructions_en,
      instructionsFr: input.instructions_fr,
      activatedOn: input.activated_on ?? (input.is_active ? (before?.activatedOn ?? today()) : null),
      updatedAt: new Date(),
    };
    const [saved] = await tx
      .insert(smsServices)
      .values({ countryCode: code, ...values })
      .onConflictDoUpdate({ target: smsServices.countryCode, set: values })
      .returning();
    if (!saved) throw new Error('SMS service not saved');
    const after = presentSmsService(country, saved);
    await tx.insert(auditLog).values({
      actorId: actor.userId,
      action: before ? 'change' : 'add',
      model: 'core.smsservice',
      objectId: code,
      before: before ? { ...presentSmsService(country, before) } : null,
      after: { ...after },
      ip: actor.ip,
    });
    return after;
  });
}
