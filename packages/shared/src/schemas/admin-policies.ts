import { z } from 'zod';
import type { TAdminRecordFlags } from './admin.js';
import { optionalText, requiredText } from './fields.js';

/** The body of creating or changing a policy area (`/api/admin/policies/`). */
export const ZPolicyInputSchema = z.object({
  name_en: requiredText(200),
  name_fr: requiredText(200),
  description_en: optionalText(2000).default(''),
  description_fr: optionalText(2000).default(''),
  sort_order: z.coerce
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(0, 'Enter a number from 0 to 9999.')
    .max(9999, 'Enter a number from 0 to 9999.')
    .default(0),
});
export type TPolicyInput = z.input<typeof ZPolicyInputSchema>;
export type TPolicyBody = z.output<typeof ZPolicyInputSchema>;

/** A policy area as the admin screens read it. */
export interface TPolicyAdminItem extends TAdminRecordFlags {
  id: number;
  slug: string;
  name_en: string;
  name_fr: string;
  description_en: string;
  description_fr: string;
  sort_order: number;
  /** Restrictions classified under it: a policy in use cannot be purged. */
  restriction_count: number;
  updated_at: string;
}

export const policyTexts = {
  nameTaken: 'A policy area with this name already exists.',
} as const;
