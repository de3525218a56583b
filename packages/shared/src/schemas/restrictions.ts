import { z } from 'zod';
import {
  choiceValues,
  discriminativeList,
  modeOfSupply,
  nonComplianceTypes,
  restrictionStatus,
  restrictionTypes,
  supportedLocales,
  typeOfMeasureList,
  yesNo,
} from '../constants.js';
import {
  ZListQuerySchema,
  optionalText,
  optionalTranslation,
  requiredText,
  type Paginated,
  maxRecordId,
  recordReference,
} from './fields.js';

export * from './restrictions-api.js';

/** Columns the browse list sorts by (`-` in front for descending); ties break on the id. */
export const restrictionSortFields = [
  'title',
  'country',
  'sector',
  'year_introduced',
  'indicator',
  'updated',
] as const;
export type TRestrictionSortField = (typeof restrictionSortFields)[number];

/**
 * A comma list (`KE,UG`) or a repeated key (`country=KE&country=UG`), as an array of valid items; a
 * bad item is reported on the field itself (`country`), not on an index.
 */
const commaList = <T extends z.ZodType<string, string>>(item: T, max = 50) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value, ctx) => {
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part.length > 0);
      if (parts.length > max) {
        ctx.addIssue({ code: 'custom', message: `Select at most ${max} values.` });
        return z.NEVER;
      }
      const values: z.output<T>[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            message: parsed.error.issues[0]?.message ?? 'Select a valid choice.',
          });
          return z.NEVER;
        }
        values.push(parsed.data);
      }
      return values;
    })
    .optional();

/** A sector, sub-sector, specific service or policy named by its id or its slug. */
const ZIdOrSlugSchema = z
  .string()
  .trim()
  .min(1, 'Select a valid choice.')
  .max(120, 'Select a valid choice.')
  .regex(/^[a-z0-9-]+$/i, 'Select a valid choice.');

const ZYearSchema = z.coerce
  .number({ error: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(1900, 'Enter a year from 1900 to 2099.')
  .max(2099, 'Enter a year from 1900 to 2099.');

const ZCountryCodeListItem = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Select a valid country.')
  .transform((code) => code.toUpperCase());

const choice = <V extends string>(values: [V, ...V[]]) => z.enum(values, { error: 'Select a valid choice.' });

/**
 * The query of `GET /api/restrictions/` and `GET /api/restrictions/export/`. Every filter is
 * optional; list filters take a comma list. `sort` is one of restrictionSortFields, `-` in front
 * for descending; without it the list is ordered by relevance when `q` is given, else by title.
 */
const ZRestrictionFiltersSchema = ZListQuerySchema.extend({
  sort: z
    .string()
    .trim()
    .max(64)
    .refine(
      (value) => (restrictionSortFields as readonly string[]).includes(value.replace(/^-/, '')),
      'Select a valid sort order.',
    )
    .optional(),
  /** Country codes of the partner states (`KE` or `KE,UG`). */
  country: commaList(ZCountryCodeListItem),
  /** The `/public/browse/{category}` sector slug; same meaning as `sector`. */
  category: ZIdOrSlugSchema.optional(),
  sector: ZIdOrSlugSchema.optional(),
  sub_sector: ZIdOrSlugSchema.optional(),
  specific_service: ZIdOrSlugSchema.optional(),
  policy: ZIdOrSlugSchema.optional(),
  restriction_type: commaList(choice(choiceValues(restrictionTypes))),
  /** Modes of supply: a restriction matches when it affects any of them. */
  mode_of_supply: commaList(choice(choiceValues(modeOfSupply))),
  market_access: choice(choiceValues(yesNo)).optional(),
  national_treatment: choice(choiceValues(yesNo)).optional(),
  non_compliance_type: commaList(choice(choiceValues(nonComplianceTypes))),
  status: commaList(choice(choiceValues(restrictionStatus))),
  year_from: ZYearSchema.optional(),
  year_to: ZYearSchema.optional(),
});

const yearsInOrder = {
  check: (query: { year_from?: number; year_to?: number }) =>
    query.year_from === undefined || query.year_to === undefined || query.year_from <= query.year_to,
  message: { message: 'The start year must not be after the end year.', path: ['year_to'] },
};

/**
 * The browse list's query: the filters, and the visitor's language, in which a search's highlights
 * mark the title and the text of measure (English when not given, or where not translated).
 */
export const ZRestrictionListQuerySchema = ZRestrictionFiltersSchema.extend({
  lang: z.enum(supportedLocales, { error: 'Select a valid language.' }).optional(),
}).refine(yearsInOrder.check, yearsInOrder.message);
export type TRestrictionListQuery = z.infer<typeof ZRestrictionListQuerySchema>;
/** The query as the web sends it (strings). */
export type TRestrictionListQueryInput = z.input<typeof ZRestrictionListQuerySchema>;

/** The export query: the browse filters (page and page size are ignored), a format and a language. */
export const ZRestrictionExportQuerySchema = ZRestrictionFiltersSchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: 'Select a valid format.' }).default('csv'),
  lang: z.enum(supportedLocales, { error: 'Select a valid language.' }).default('en'),
}).refine(yearsInOrder.check, yearsInOrder.message);
export type TRestrictionExportQuery = z.infer<typeof ZRestrictionExportQuerySchema>;

/** A name in both languages. */
export interface LocalisedText {
  en: string;
  fr: string;
}

/** A country as the catalogue names it. */
export interface TCountryRef {
  code: string;
  name: LocalisedText;
}

/** A sector, sub-sector or specific service as the catalogue names it. */
export interface TSectorRef {
  id: number;
  slug: string;
  code: string;
  level: 1 | 2 | 3;
  name: LocalisedText;
}

/** A policy area as the catalogue names it. */
export interface TPolicyRef {
  id: number;
  slug: string;
  name: LocalisedText;
}

/**
 * A piece of highlighted text: the web renders each segment as a text node, inside `<mark>` when
 * `match` is true. The server never sends HTML, so nothing from the data can be rendered as markup.
 */
export interface THighlightSegment {
  text: string;
  match: boolean;
}

/** The matches of the search `q` in one row (only when `q` is given), in the visitor's language (`lang`). */
export interface TRestrictionHighlight {
  title: THighlightSegment[];
  /** The language of the title marked: the visitor's, or English where the title is not translated. */
  title_lang: 'en' | 'fr';
  /** A fragment of the text of measure around the matches (empty when it has none). */
  text_of_measure: THighlightSegment[];
  /** The language of the text of measure marked (as `title_lang`). */
  text_of_measure_lang: 'en' | 'fr';
}

/** One row of the browse list. Choice fields hold the stored value; labels are in the constants. */
export interface TRestrictionListItem {
  id: number;
  slug: string;
  title: string;
  /** The French title; null when not translated (the web shows the English one, marked). */
  title_fr: string | null;
  country: TCountryRef;
  sector: TSectorRef;
  sub_sector: TSectorRef | null;
  specific_service: TSectorRef | null;
  policy: TPolicyRef | null;
  restriction_type: string;
  market_access: 'yes' | 'no';
  national_treatment: 'yes' | 'no';
  non_compliance_type: string | null;
  modes_of_supply: string[];
  restrictiveness_indicator: number | null;
  year_introduced: number | null;
  status: string;
  updated_at: string;
  /** Present only when searching (`q`); null otherwise. */
  highlight: TRestrictionHighlight | null;
}

/** `GET /api/restrictions/` */
export type TRestrictionListResponse = Paginated<TRestrictionListItem>;

/** One changed field of a version. */
export interface TRestrictionFieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

/**
 * The office a change is credited to in public (issue 29 item 10): the partner state's, when a staff
 * member of the restriction's country made it, otherwise the Community's secretariat; never a person.
 */
export interface TChangeOffice {
  kind: 'partner_state' | 'community';
  name: LocalisedText;
}

/** One saved state of a restriction in its history, newest first. */
export interface TRestrictionVersion {
  version: number;
  change_type: 'created' | 'updated' | 'archived' | 'unarchived';
  changed_at: string;
  /** The office that made the change; null when made by the portal itself or by a removed account. */
  changed_by: TChangeOffice | null;
  changes: TRestrictionFieldChange[];
}

/** A version as staff read it: the office and the staff member's display name (never an e-mail). */
export interface TRestrictionStaffVersion extends TRestrictionVersion {
  changed_by_user: string | null;
}

/** An update published by the partner state or by the community, newest first. */
export interface TRestrictionUpdate {
  id: number;
  source: 'partner_state' | 'community';
  update_date: string;
  summary: string;
  details: string;
  /** French translations; null when not translated. */
  summary_fr: string | null;
  details_fr: string | null;
}

/** A partner state's commitment for a sector. */
export interface TCommitment {
  id: number;
  country: TCountryRef;
  sector: TSectorRef;
  committed_to_liberalise: boolean;
  year_committed: number | null;
  details: string;
}

/** `GET /api/restrictions/{slug}/`: every field of spec 3 with its history and updates. */
export interface TRestrictionDetail extends Omit<TRestrictionListItem, 'highlight'> {
  discriminative: string | null;
  measure_type: string | null;
  responsible_agency: string;
  commitments_made: string;
  other_dates: string;
  proposed_removal_year: number | null;
  year_removed_or_amended: number | null;
  text_of_measure: string;
  remarks: string;
  /** French translations; null when not translated. */
  text_of_measure_fr: string | null;
  remarks_fr: string | null;
  version: number;
  archived: boolean;
  archived_at: string | null;
  created_at: string;
  /** The country's commitment for the restriction's sector (Committed To Liberalise); null if none. */
  commitment: TCommitment | null;
  history: TRestrictionVersion[];
  updates: TRestrictionUpdate[];
}

/** A node of the W/120 tree with the count of visible restrictions in it and its descendants. */
export interface TSectorTreeItem extends TSectorRef {
  parent_id: number | null;
  restriction_count: number;
  children: TSectorTreeItem[];
}

/** `GET /api/sectors/tree/` */
export interface TSectorTreeResponse {
  /** Visible restrictions in all sectors. */
  total: number;
  sectors: TSectorTreeItem[];
}

/** `GET /api/sectors/{slug}/` */
export interface TSectorPage {
  sector: TSectorRef & {
    parent_id: number | null;
    cpc: string | null;
    description: LocalisedText;
    restriction_count: number;
  };
  /** The ancestors, from the top level down (for a breadcrumb). */
  ancestors: TSectorRef[];
  children: (TSectorRef & { restriction_count: number })[];
  /** Visible restrictions of the sector and its descendants, counted by country (partner states first). */
  by_country: { country: TCountryRef; count: number }[];
  /** The commitment of each partner state for the sector (partner states without one are left out). */
  commitments: TCommitment[];
}

/** The query of `GET /api/commitments/`. */
export const ZCommitmentListQuerySchema = z.object({
  country: commaList(ZCountryCodeListItem),
  sector: ZIdOrSlugSchema.optional(),
});
export type TCommitmentListQuery = z.infer<typeof ZCommitmentListQuerySchema>;

/** `GET /api/commitments/`: every matching commitment (a small list: partner states × sectors). */
export interface TCommitmentListResponse {
  count: number;
  results: TCommitment[];
}

const optionalYear = ZYearSchema.nullable().optional();
const optionalChoice = <V extends string>(values: [V, ...V[]]) => choice(values).nullable().optional();

/**
 * The body of `PATCH /api/restrictions/{slug}/`: any subset of the editable fields. `version`, when
 * given, must be the version the editor saw (a stale one answers 409).
 */
export const ZRestrictionUpdateSchema = z
  .object({
    version: z.number().int().min(1).max(maxRecordId, 'Select a valid choice.').optional(),
    title: requiredText(500).optional(),
    title_fr: optionalTranslation(500),
    country: ZCountryCodeListItem.optional(),
    sector: recordReference().optional(),
    sub_sector: recordReference().nullable().optional(),
    specific_service: recordReference().nullable().optional(),
    policy: recordReference().nullable().optional(),
    restriction_type: choice(choiceValues(restrictionTypes)).optional(),
    market_access: choice(choiceValues(yesNo)).optional(),
    national_treatment: choice(choiceValues(yesNo)).optional(),
    non_compliance_type: optionalChoice(choiceValues(nonComplianceTypes)),
    discriminative: optionalChoice(choiceValues(discriminativeList)),
    measure_type: optionalChoice(choiceValues(typeOfMeasureList)),
    modes_of_supply: z
      .array(choice(choiceValues(modeOfSupply)))
      .max(4)
      .refine((modes) => new Set(modes).size === modes.length, 'Select each mode once.')
      .optional(),
    restrictiveness_indicator: z
      .number({ error: 'Enter a number.' })
      .min(0, 'Enter a number from 0 to 1.')
      .max(1, 'Enter a number from 0 to 1.')
      .nullable()
      .optional(),
    responsible_agency: optionalText(500),
    commitments_made: optionalText(5000),
    other_dates: optionalText(1000),
    proposed_removal_year: optionalYear,
    year_removed_or_amended: optionalYear,
    year_introduced: optionalYear,
    text_of_measure: optionalText(20000),
    remarks: optionalText(5000),
    text_of_measure_fr: optionalTranslation(20000),
    remarks_fr: optionalTranslation(5000),
    status: choice(choiceValues(restrictionStatus)).optional(),
  })
  .strict();
export type TRestrictionUpdateBodyInput = z.input<typeof ZRestrictionUpdateSchema>;
export type TRestrictionUpdateBody = z.infer<typeof ZRestrictionUpdateSchema>;
