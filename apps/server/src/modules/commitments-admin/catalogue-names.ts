import type { TCountryRef, TSectorRef } from '@stp/shared';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countries, sectors } from '../../db/schema/index.js';

/** Countries and sectors named by code and id, read in two queries (fresh, inside the change's transaction). */
export interface CatalogueNames {
  country(code: string): TCountryRef;
  sector(id: number): TSectorRef;
  partnerState(code: string): boolean;
}

/** Loads the names of the given countries and sectors (the admin presenters' batch lookup). */
export async function catalogueNames(
  db: Executor,
  countryCodes: string[],
  sectorIds: number[],
): Promise<CatalogueNames> {
  const codes = [...new Set(countryCodes)];
  const ids = [...new Set(sectorIds)];
  const [countryRows, sectorRows] = await Promise.all([
    codes.length ? db.select().from(countries).where(inArray(countries.code, codes)) : [],
    ids.length ? db.select().from(sectors).where(inArray(sectors.id, ids)) : [],
  ]);
  const countryByCode = new Map(countryRows.map((row) => [row.code, row]));
  const sectorById = new Map(sectorRows.map((row) => [row.id, row]));
  return {
    country(code) {
      const row = countryByCode.get(code);
      return { code, name: row ? { en: row.nameEn, fr: row.nameFr } : { en: code, fr: code } };
    },
    sector(id) {
      const row = sectorById.get(id);
      return row
        ? {
            id,
            slug: row.slug,
            code: row.code,
            level: row.level as TSectorRef['level'],
            name: { en: row.nameEn, fr: row.nameFr },
          }
        : { id, slug: '', code: '', level: 1, name: { en: '', fr: '' } };
    },
    partnerState: (code) => countryByCode.get(code)?.isPartnerState ?? false,
  };
}
