// The answer's shape for the OpenAPI document (the TypeScript types in @stp/shared are the contract;
// this mirrors TCompareResponse). The answer is sent as ready JSON text, so this never serialises.
import { z } from 'zod';
import { commitmentSchema, countryRefSchema, sectorRefSchema } from '../restrictions/restrictions.openapi.js';

const localised = z.object({ en: z.string(), fr: z.string() });
const policyRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: localised });

const cellSchema = z.object({
  count: z.number().int(),
  restrictions: z.array(z.object({ slug: z.string(), title: z.string(), title_fr: z.string().nullable() })),
});
const row = <T extends z.ZodType>(value: T) => z.object({ differs: z.boolean(), values: z.array(value) });

export const compareResponseSchema = z.object({
  sector: sectorRefSchema,
  countries: z.array(countryRefSchema),
  titles_per_cell: z.number().int(),
  total: row(cellSchema),
  index: row(z.object({ value: z.number().nullable(), measures: z.number().int() })),
  commitment: row(commitmentSchema.nullable()),
  by_mode: z.array(row(cellSchema).extend({ mode: z.string() })),
  by_policy: z.array(row(cellSchema).extend({ policy: policyRefSchema.nullable() })),
});
