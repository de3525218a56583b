import { z } from 'zod';
import { compareCountryList, compareLimits, compareTexts } from './compare-api.js';

export * from './compare-api.js';

/**
 * The query of `GET /api/compare/`: 2 to 5 partner states (a comma list or a repeated key) and a sector,
 * sub-sector or specific service by id or slug. Whether each names a partner state and a public sector
 * is the service's to check (422 on the same fields).
 */
export const ZCompareQuerySchema = z.object({
  countries: z
    .union([z.string().max(200), z.array(z.string().max(200)).max(20)], {
      error: compareTexts.countriesCount,
    })
    .optional()
    .transform((value) => compareCountryList(value))
    .refine(
      (codes) => codes.length >= compareLimits.minCountries && codes.length <= compareLimits.maxCountries,
      compareTexts.countriesCount,
    )
    .refine((codes) => codes.every((code) => /^[A-Z]{2}$/.test(code)), compareTexts.countryUnknown),
  sector: z
    .string({ error: compareTexts.sectorRequired })
    .trim()
    .min(1, compareTexts.sectorRequired)
    .max(120, compareTexts.sectorUnknown)
    .regex(/^[a-z0-9-]+$/i, compareTexts.sectorUnknown),
});
export type TCompareQuery = z.output<typeof ZCompareQuerySchema>;
