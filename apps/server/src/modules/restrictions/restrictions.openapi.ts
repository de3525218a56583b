// Response shapes of the catalogue for the OpenAPI document (the TypeScript types in @stp/shared are
// the contract; these mirror them). Answers are sent as ready JSON text, so these never serialise.
import { z } from 'zod';

const localised = z.object({ en: z.string(), fr: z.string() });
export const countryRefSchema = z.object({ code: z.string(), name: localised });
export const sectorRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  code: z.string(),
  level: z.number().int(),
  name: localised,
});
const policyRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: localised });
const segments = z.array(z.object({ text: z.string(), match: z.boolean() }));

const listItemFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  title_fr: z.string().nullable(),
  country: countryRefSchema,
  sector: sectorRefSchema,
  sub_sector: sectorRefSchema.nullable(),
  specific_service: sectorRefSchema.nullable(),
  policy: policyRefSchema.nullable(),
  restriction_type: z.string(),
  market_access: z.enum(['yes', 'no']),
  national_treatment: z.enum(['yes', 'no']),
  non_compliance_type: z.string().nullable(),
  modes_of_supply: z.array(z.string()),
  restrictiveness_indicator: z.number().nullable(),
  year_introduced: z.number().int().nullable(),
  status: z.string(),
  updated_at: z.string(),
};

export const restrictionListSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(
    z.object({
      ...listItemFields,
      highlight: z.object({ title: segments, text_of_measure: segments }).nullable(),
    }),
  ),
});

export const commitmentSchema = z.object({
  id: z.number().int(),
  country: countryRefSchema,
  sector: sectorRefSchema,
  committed_to_liberalise: z.boolean(),
  year_committed: z.number().int().nullable(),
  details: z.string(),
});

export const restrictionDetailSchema = z.object({
  ...listItemFields,
  discriminative: z.string().nullable(),
  measure_type: z.string().nullable(),
  responsible_agency: z.string(),
  commitments_made: z.string(),
  other_dates: z.string(),
  proposed_removal_year: z.number().int().nullable(),
  year_removed_or_amended: z.number().int().nullable(),
  text_of_measure: z.string(),
  remarks: z.string(),
  text_of_measure_fr: z.string().nullable(),
  remarks_fr: z.string().nullable(),
  version: z.number().int(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  commitment: commitmentSchema.nullable(),
  history: z.array(
    z.object({
      version: z.number().int(),
      change_type: z.enum(['created', 'updated', 'archived', 'unarchived']),
      changed_at: z.string(),
      // The office, never the staff member (issue 29 item 10).
      changed_by: z
        .object({
          kind: z.enum(['partner_state', 'community']),
          name: z.object({ en: z.string(), fr: z.string() }),
        })
        .nullable(),
      changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
    }),
  ),
  updates: z.array(
    z.object({
      id: z.number().int(),
      source: z.enum(['partner_state', 'community']),
      update_date: z.string(),
      summary: z.string(),
      details: z.string(),
      summary_fr: z.string().nullable(),
      details_fr: z.string().nullable(),
    }),
  ),
});

export const errorSchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
