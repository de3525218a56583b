import { z } from 'zod';
import { choiceValues, restrictionStatus } from '../constants.js';
import { adminApiPath, ZAdminListQuerySchema, type TAdminRecordFlags } from './admin.js';
import { requiredText, maxRecordId } from './fields.js';
import {
  ZRestrictionUpdateSchema,
  type TRestrictionDetail,
  type TRestrictionStaffVersion,
} from './restrictions.js';

/** API paths of Manage restrictions (issue 6 item 2), relative to `/api/`. */
export const adminRestrictionApiPaths = {
  list: adminApiPath('restrictions'),
  item: (id: number | string) => adminApiPath('restrictions', id),
  history: (id: number | string) => adminApiPath('restrictions', id, 'history'),
  import: adminApiPath('restrictions', 'import'),
  importTemplate: `${adminApiPath('restrictions', 'import')}template/`,
} as const;

const updateFields = ZRestrictionUpdateSchema.omit({ version: true });
const required = 'This field is required.';

/**
 * The body of creating a restriction: every field of spec 3 with the update's rules and messages
 * (ZRestrictionUpdateSchema); title, country, sector and type of restriction are required. Optional
 * fields left out are saved empty (a change replaces the whole record).
 */
export const ZRestrictionCreateSchema = updateFields
  .extend({
    title: requiredText(500),
    country: z.string({ error: required }).min(1, required).pipe(updateFields.shape.country.unwrap()),
    sector: z
      .number({ error: required })
      .int()
      .positive('Select a valid choice.')
      .max(maxRecordId, 'Select a valid choice.'),
    restriction_type: z
      .string({ error: required })
      .min(1, required)
      .pipe(updateFields.shape.restriction_type.unwrap()),
    market_access: updateFields.shape.market_access.default('no'),
    national_treatment: updateFields.shape.national_treatment.default('no'),
    status: updateFields.shape.status.default('in_force'),
  })
  .strict();
export type TRestrictionCreateInput = z.input<typeof ZRestrictionCreateSchema>;
export type TRestrictionCreateBody = z.output<typeof ZRestrictionCreateSchema>;

/**
 * The body of POST and PUT `/api/admin/restrictions/`: the create fields and, on a change, the
 * `version` the editor loaded (a stale one answers 409).
 */
export const ZRestrictionAdminInputSchema = ZRestrictionCreateSchema.extend({
  version: z.number().int().min(1).max(maxRecordId, 'Select a valid choice.').optional(),
}).strict();
export type TRestrictionAdminInput = z.input<typeof ZRestrictionAdminInputSchema>;
export type TRestrictionAdminBody = z.output<typeof ZRestrictionAdminInputSchema>;

/** Columns the admin list sorts by. */
export const adminRestrictionSorts = ['title', 'country', 'status', 'year_introduced', 'updated_at'] as const;

/** The admin list's query: search in titles, the archive state, and country, sector, status filters. */
export const ZRestrictionAdminListQuerySchema = ZAdminListQuerySchema.extend({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Select a valid country.')
    .transform((code) => code.toUpperCase())
    .optional(),
  sector: z.coerce
    .number({ error: 'Select a valid choice.' })
    .int()
    .positive('Select a valid choice.')
    .max(maxRecordId, 'Select a valid choice.')
    .optional(),
  status: z.enum(choiceValues(restrictionStatus), { error: 'Select a valid choice.' }).optional(),
});
export type TRestrictionAdminListQuery = z.input<typeof ZRestrictionAdminListQuerySchema>;

/** A restriction as the admin screens read it: every field of spec 3, its version and record flags. */
export type TRestrictionAdminItem = Omit<TRestrictionDetail, 'commitment' | 'history' | 'updates'> &
  TAdminRecordFlags;

/** `GET /api/admin/restrictions/{id}/history/`: every version, newest first. */
export interface TRestrictionHistoryResponse {
  results: TRestrictionStaffVersion[];
}

/**
 * The columns of the import file, in the template's order. Country is the ISO code (KE); sector,
 * sub-sector and specific service are W/120 codes (1, 1.A, 1.A.a); policy is the policy's slug;
 * choices are their stored value or English label; modes of supply are separated by `;`.
 */
export const restrictionImportColumns = [
  'title',
  'country',
  'sector',
  'sub_sector',
  'specific_service',
  'policy',
  'restriction_type',
  'market_access',
  'national_treatment',
  'non_compliance_type',
  'discriminative',
  'measure_type',
  'modes_of_supply',
  'restrictiveness_indicator',
  'responsible_agency',
  'commitments_made',
  'other_dates',
  'proposed_removal_year',
  'year_removed_or_amended',
  'year_introduced',
  'text_of_measure',
  'remarks',
  'status',
] as const;

/**
 * At most this many data rows and bytes per import file; an xlsx (a zip) at most this many parts,
 * megabytes once unpacked and cells in its sheets (docs/uploads-and-limits.md).
 */
export const restrictionImportLimits = {
  rows: 1000,
  megabytes: 2,
  zipEntries: 200,
  unpackedMegabytes: 50,
  cells: 100_000,
} as const;

/** `all`: nothing is written when a row fails; `valid`: the valid rows are written, the others reported. */
export const restrictionImportModes = ['all', 'valid'] as const;
export type TRestrictionImportMode = (typeof restrictionImportModes)[number];

/** One refusal of the import report: the spreadsheet row (the header is row 1), the column, why. */
export interface TRestrictionImportError {
  row: number;
  field: string;
  message: string;
}

/**
 * The import's answer: 200 when rows were written (`mode=valid` lists the rows left out), 422 with
 * the same fields when nothing was written.
 */
export interface TRestrictionImportReport {
  mode: TRestrictionImportMode;
  total_rows: number;
  imported: number;
  row_errors: TRestrictionImportError[];
}

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The texts of the area's refusals (the web app translates them). */
export const adminRestrictionTexts = {
  stale:
    'This restriction was changed by someone else since you opened it. Reload it and make your change again.',
  importFailed: 'Nothing was imported: some rows have errors. Correct them, or import the valid rows only.',
  importNoValidRows: 'Nothing was imported: no row is valid.',
  importFileType: 'Choose a CSV or Excel (.xlsx) file.',
  importMissingFile: 'Choose a file to import.',
  importEmpty: 'The file has no rows to import.',
  importTooManyRows: `The file has more than ${restrictionImportLimits.rows} rows. Split it into smaller files.`,
  importTooLarge: `The file is larger than ${restrictionImportLimits.megabytes} MB. Split it into smaller files.`,
  importUnreadable: 'The file could not be read. Save it again as CSV (UTF-8) or Excel (.xlsx).',
  importTooLargeUnpacked: `The file is too large to read (more than ${restrictionImportLimits.unpackedMegabytes} MB once unpacked, ${restrictionImportLimits.zipEntries} parts or ${thousands(restrictionImportLimits.cells)} cells). Split it into smaller files.`,
  importMissingColumn: 'This column is missing from the first row (see the template).',
} as const;
