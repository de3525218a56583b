import { contentApiPaths, type TSmsHowToCountry } from '@stp/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { publicSmsService } from '../../db/public-visibility.js';
import { countries, smsServices } from '../../db/schema/index.js';

/** Every partner state with its SMS service; the number, keyword and instructions of active ones only. */
export async function loadSmsHowTo(db: Database): Promise<TSmsHowToCountry[]> {
  const rows = await db
    .select({ country: countries, service: smsServices, visible: sql<boolean | null>`${publicSmsService}` })
    .from(countries)
    .leftJoin(smsServices, eq(smsServices.countryCode, countries.code))
    .where(eq(countries.isPartnerState, true))
    .orderBy(asc(countries.sortOrder), asc(countries.nameEn));
  return rows.map(({ country, service, visible }) => {
    const active = visible === true;
    return {
      country: { code: country.code, name: { en: country.nameEn, fr: country.nameFr } },
      active,
      short_code: active ? (service?.shortCode ?? null) : null,
      keyword: active ? service?.keyword || null : null,
      instructions: active && service ? { en: service.instructionsEn, fr: service.instructionsFr } : null,
    };
  });
}

/** The public SMS how-to (spec 2 `/public/about/sms-how-to`): read-only view of the `sms_services` table. */
export const smsHowToRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    contentApiPaths.smsHowTo,
    { config: { access: access.public() }, schema: { tags: ['sms'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return loadSmsHowTo(db);
    },
  );
};
