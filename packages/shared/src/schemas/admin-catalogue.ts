import { z } from 'zod';
import { ZAdminListQuerySchema, type TAdminRecordFlags } from './admin.js';
import { optionalText, requiredText, maxRecordId } from './fields.js';
import type { TCountryRef, TSectorRef } from './restrictions.js';

// Staff administration of the catalogue's configuration (issue 6 items 3 and 5): commitments, the
// W/120 sector tree and restriction access rules. Each is an admin resource under `/api/admin/`.

const required = 'This field is required.';

/** The texts of this area's refusals (the web app translates them under `messages`). */
export const catalogueConfigTexts = {
  codeFormat: 'Enter a code such as 1, 1.A or 1.A.a.',
  noParent: 'A sector (level 1) has no parent.',
  parentNeeded: 'Select the parent one level up.',
  parentLevel: 'The parent must be one level up.',
  codeTaken: 'A sector with this code already exists.',
  treeFixed: 'This sector has sub-sectors or restrictions: its level and parent cannot change.',
  partnerState: 'Select a partner state.',
  sectorUnknown: 'Select a valid choice.',
  commitmentDuplicate: 'A commitment for this country and sector already exists.',
  topSector: 'Select a sector of level 1: access rules apply to a whole sector.',
  staffUser: 'Select an active staff user.',
  ruleDuplicate: 'This group or user already has a rule for this country and sector.',
} as const;

const countryCode = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .regex(/^[A-Za-z]{2}$/, 'Select a valid country.')
  .transform((code) => code.toUpperCase());

/** A number from a form (text) or JSON; blank becomes null. */
const formNumber = (value: unknown) =>
  value === '' || value === undefined || value === null
    ? null
    : typeof value === 'string'
      ? Number(value.trim())
      : value;

/** A record id from a select (text in a form, a number in JSON). */
const recordId = z.preprocess(
  formNumber,
  z
    .number({ error: required })
    .int('Select a valid choice.')
    .positive('Select a valid choice.')
    .max(maxRecordId, 'Select a valid choice.'),
);
const optionalRecordId = z.preprocess(
  formNumber,
  z
    .number({ error: 'Select a valid choice.' })
    .int('Select a valid choice.')
    .positive('Select a valid choice.')
    .max(maxRecordId, 'Select a valid choice.')
    .nullable(),
);

const sortOrder = z.coerce
  .number({ error: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(0, 'Enter a number from 0 to 9999.')
  .max(9999, 'Enter a number from 0 to 9999.')
  .default(0);

const optionalFilterId = z.coerce
  .number()
  .int()
  .positive('Select a valid choice.')
  .max(maxRecordId, 'Select a valid choice.')
  .optional();
const optionalFilterCountry = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Select a valid country.')
  .transform((code) => code.toUpperCase())
  .optional();

// ---------------------------------------------------------------------------------------------------
// Commitments (`/auth/manage/commitments`, `restrictions.view_commitment`)

/** The body of creating or changing a commitment. */
export const ZCommitmentInputSchema = z.object({
  country: countryCode,
  sector: recordId,
  committed_to_liberalise: z.boolean({ error: 'Select yes or no.' }).default(false),
  year_committed: z.preprocess(
    formNumber,
    z
      .number({ error: 'Enter a whole number.' })
      .int('Enter a whole number.')
      .min(1900, 'Enter a year from 1900 to 2099.')
      .max(2099, 'Enter a year from 1900 to 2099.')
      .nullable(),
  ),
  details: optionalText(5000).default(''),
});
export type TCommitmentInput = z.input<typeof ZCommitmentInputSchema>;
export type TCommitmentBody = z.output<typeof ZCommitmentInputSchema>;

/** The admin list of commitments: search, country, sector and liberalised filters. */
export const ZCommitmentAdminListQuerySchema = ZAdminListQuerySchema.extend({
  country: optionalFilterCountry,
  sector: optionalFilterId,
  committed: z.enum(['yes', 'no'], { error: 'Select a valid choice.' }).optional(),
});
export type TCommitmentAdminListQuery = z.input<typeof ZCommitmentAdminListQuerySchema>;

/** A commitment as the admin screens read it. */
export interface TCommitmentAdminItem extends TAdminRecordFlags {
  id: number;
  country: TCountryRef;
  sector: TSectorRef;
  committed_to_liberalise: boolean;
  year_committed: number | null;
  details: string;
  updated_at: string;
}

/** What a duplicate country and sector pair answers (409): the existing record to edit instead. */
export interface TCommitmentDuplicate {
  detail: string;
  errors: Record<string, string>;
  existing_id: number;
}

// ---------------------------------------------------------------------------------------------------
// Sectors (`/auth/config/sectors`, `restrictions.view_sector`)

export const sectorLevels = [1, 2, 3] as const;

/** The body of creating or changing a node of the W/120 tree. */
export const ZSectorInputSchema = z
  .object({
    level: z.coerce
      .number({ error: required })
      .int('Select a valid choice.')
      .min(1, 'Select a valid choice.')
      .max(3, 'Select a valid choice.'),
    parent: optionalRecordId,
    code: requiredText(20).regex(/^[0-9A-Za-z]+(\.[0-9A-Za-z]+)*$/, catalogueConfigTexts.codeFormat),
    cpc: optionalText(100).transform((value) => value || null),
    name_en: requiredText(300),
    name_fr: requiredText(300),
    description_en: optionalText(5000).default(''),
    description_fr: optionalText(5000).default(''),
    sort_order: sortOrder,
  })
  .superRefine((value, context) => {
    if (value.level === 1 && value.parent !== null)
      context.addIssue({ code: 'custom', path: ['parent'], message: catalogueConfigTexts.noParent });
    if (value.level > 1 && value.parent === null)
      context.addIssue({ code: 'custom', path: ['parent'], message: catalogueConfigTexts.parentNeeded });
  });
export type TSectorInput = z.input<typeof ZSectorInputSchema>;
export type TSectorBody = z.output<typeof ZSectorInputSchema>;

/** The admin list of sectors: search, level and parent (its whole subtree) filters. */
export const ZSectorAdminListQuerySchema = ZAdminListQuerySchema.extend({
  level: z.coerce.number().int().min(1, 'Select a valid choice.').max(3, 'Select a valid choice.').optional(),
  parent: optionalFilterId,
});
export type TSectorAdminListQuery = z.input<typeof ZSectorAdminListQuerySchema>;

/** A node of the W/120 tree as the admin screens read it. */
export interface TSectorAdminItem extends TAdminRecordFlags {
  id: number;
  parent_id: number | null;
  level: 1 | 2 | 3;
  code: string;
  cpc: string | null;
  slug: string;
  name_en: string;
  name_fr: string;
  description_en: string;
  description_fr: string;
  sort_order: number;
  /** Its ancestors from the top, to show where it sits. */
  path: TSectorRef[];
  child_count: number;
  /** Restrictions, commitments and access rules that name it: a sector in use cannot be purged. */
  restriction_count: number;
  commitment_count: number;
  updated_at: string;
}

// ---------------------------------------------------------------------------------------------------
// Restriction access (`/auth/config/restriction-access`, `restrictions.view_restrictionaccess`)

export const restrictionAccessHolders = ['group', 'user'] as const;
export type TRestrictionAccessHolder = (typeof restrictionAccessHolders)[number];

/** The body of a rule: a group or a user (exactly one) may view or edit a country (and sector). */
export const ZRestrictionAccessInputSchema = z
  .object({
    holder: z.enum(restrictionAccessHolders, { error: 'Select a valid choice.' }),
    group: optionalRecordId,
    user: optionalRecordId,
    country: countryCode,
    sector: optionalRecordId,
    can_edit: z.boolean({ error: 'Select a valid choice.' }).default(false),
  })
  .superRefine((value, context) => {
    if (value[value.holder] === null)
      context.addIssue({ code: 'custom', path: [value.holder], message: required });
  })
  .transform((value) => ({
    ...value,
    group: value.holder === 'group' ? value.group : null,
    user: value.holder === 'user' ? value.user : null,
  }));
export type TRestrictionAccessInput = z.input<typeof ZRestrictionAccessInputSchema>;
export type TRestrictionAccessBody = z.output<typeof ZRestrictionAccessInputSchema>;

/** The admin list of rules: search (holder's name), holder kind, group, user, country, access. */
export const ZRestrictionAccessListQuerySchema = ZAdminListQuerySchema.extend({
  holder: z.enum(restrictionAccessHolders, { error: 'Select a valid choice.' }).optional(),
  group: optionalFilterId,
  user: optionalFilterId,
  country: optionalFilterCountry,
  access: z.enum(['view', 'edit'], { error: 'Select a valid choice.' }).optional(),
});
export type TRestrictionAccessListQuery = z.input<typeof ZRestrictionAccessListQuerySchema>;

/** A rule as the admin screens read it. */
export interface TRestrictionAccessItem {
  id: number;
  holder: TRestrictionAccessHolder;
  group: { id: number; name: string } | null;
  user: { id: number; name: string; email: string } | null;
  country: TCountryRef;
  /** Null: every sector of the country. */
  sector: TSectorRef | null;
  can_edit: boolean;
  created_at: string;
}

/** `GET /api/admin/restriction-access/holders/`: the groups and staff users a rule can name. */
export interface TRestrictionAccessHolders {
  groups: { id: number; name: string }[];
  users: { id: number; name: string; email: string }[];
}

/** The API paths of this area beyond the admin contract. */
export const catalogueConfigApiPaths = {
  restrictionAccessHolders: '/admin/restriction-access/holders/',
} as const;
