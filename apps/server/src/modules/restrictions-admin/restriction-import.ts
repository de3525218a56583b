import {
  adminRestrictionTexts as texts,
  choiceLists,
  restrictionImportColumns,
  restrictionImportLimits,
  ZRestrictionCreateSchema,
  type Choice,
  type TRestrictionImportError,
  type TRestrictionImportMode,
  type TRestrictionImportReport,
} from '@stp/shared';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { ZipLimitError } from '../complaints/zip-entries.js';
import { canEditRestrictions, editRefusal } from '../restrictions/restriction-access.js';
import { restrictionsWritten } from '../restrictions/restriction-cache.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { parseCsv } from './csv.js';
import {
  insertRestrictionRows,
  retryingTakenSlugs,
  newRestrictionColumns,
  type Writer,
} from './restrictions-admin.service.js';
import { readXlsxTable, TooManyCellsError, TooManyRowsError } from './xlsx-table.js';

type Column = (typeof restrictionImportColumns)[number];
type Cells = Partial<Record<Column, string>>;
const requiredColumns: Column[] = ['title', 'country', 'sector', 'restriction_type'];

const fileError = (message: string) => new HttpError(422, message, { file: message });

const xlsxLimits = {
  zip: {
    entries: restrictionImportLimits.zipEntries,
    inflatedBytes: restrictionImportLimits.unpackedMegabytes * 1024 * 1024,
  },
  rows: restrictionImportLimits.rows,
  cells: restrictionImportLimits.cells,
};

/**
 * The file's rows as text cells (row 1 is the header). An xlsx is checked as a zip before it is
 * read and its rows are counted as they stream (xlsx-table.ts); a CSV is bounded by the upload limit.
 */
async function readTable(data: Buffer, extension: 'csv' | 'xlsx'): Promise<string[][]> {
  if (extension === 'csv') return parseCsv(data.toString('utf8'));
  try {
    return await readXlsxTable(data, xlsxLimits);
  } catch (error) {
    if (error instanceof TooManyRowsError) throw fileError(texts.importTooManyRows);
    if (error instanceof ZipLimitError || error instanceof TooManyCellsError)
      throw fileError(texts.importTooLargeUnpacked);
    throw fileError(texts.importUnreadable);
  }
}

const headerName = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Maps the header to the template's columns: missing and unknown columns are row-1 errors. */
function readHeader(header: string[]): { columns: (Column | null)[]; errors: TRestrictionImportError[] } {
  const known = new Set<string>(restrictionImportColumns);
  const columns = header.map((text) => (known.has(headerName(text)) ? (headerName(text) as Column) : null));
  const errors: TRestrictionImportError[] = [];
  header.forEach((text, i) => {
    if (columns[i] === null && text.trim() !== '')
      errors.push({ row: 1, field: text.trim(), message: 'This column is not in the template.' });
  });
  for (const column of requiredColumns)
    if (!columns.includes(column)) errors.push({ row: 1, field: column, message: texts.importMissingColumn });
  return { columns, errors };
}

/** A choice by its stored value or its label in either language (any case); the text itself otherwise. */
function choiceOf(list: readonly Choice[], text: string): string {
  const wanted = text.trim().toLowerCase();
  const found = list.find(
    (choice) =>
      choice.value === wanted ||
      choice.label.en.toLowerCase() === wanted ||
      choice.label.fr.toLowerCase() === wanted,
  );
  return found?.value ?? text.trim();
}

const modeOf = (text: string) => {
  const number = /^(?:mode[\s_]*)?([1-4])$/i.exec(text.trim())?.[1];
  return number ? `mode_${number}` : choiceOf(choiceLists.modeOfSupply, text);
};

const numberOrText = (text: string) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text.trim());

/** A row's cells as the create body; a reference code that is not known stays as text (refused below). */
function bodyOf(cells: Cells, reference: CatalogueReference, sectorsByCode: Map<string, number>) {
  const text = (column: Column) => (cells[column] ?? '').trim();
  const blankToNull = <T>(column: Column, convert: (value: string) => T) =>
    text(column) === '' ? null : convert(text(column));
  const sector = (column: Column) => blankToNull(column, (code) => sectorsByCode.get(code) ?? -1);
  const policy = blankToNull('policy', (value) => {
    const slug = value.toLowerCase();
    const found = [...reference.policies.values()].find(
      (item) => item.slug === slug || item.name.en.toLowerCase() === slug,
    );
    return found?.id ?? -1;
  });
  const body: Record<string, unknown> = {
    title: text('title'),
    country: text('country').toUpperCase(),
    sector: sector('sector') ?? undefined,
    sub_sector: sector('sub_sector'),
    specific_service: sector('specific_service'),
    policy,
    restriction_type: choiceOf(choiceLists.restrictionTypes, text('restriction_type')),
    market_access: blankToNull('market_access', (v) => choiceOf(choiceLists.yesNo, v)) ?? undefined,
    national_treatment: blankToNull('national_treatment', (v) => choiceOf(choiceLists.yesNo, v)) ?? undefined,
    non_compliance_type: blankToNull('non_compliance_type', (v) =>
      choiceOf(choiceLists.nonComplianceTypes, v),
    ),
    discriminative: blankToNull('discriminative', (v) => choiceOf(choiceLists.discriminativeList, v)),
    measure_type: blankToNull('measure_type', (v) => choiceOf(choiceLists.typeOfMeasureList, v)),
    modes_of_supply: text('modes_of_supply')
      .split(/[;,]/)
      .map((mode) => mode.trim())
      .filter(Boolean)
      .map(modeOf),
    restrictiveness_indicator: blankToNull('restrictiveness_indicator', numberOrText),
    responsible_agency: text('responsible_agency'),
    commitments_made: text('commitments_made'),
    other_dates: text('other_dates'),
    proposed_removal_year: blankToNull('proposed_removal_year', numberOrText),
    year_removed_or_amended: blankToNull('year_removed_or_amended', numberOrText),
    year_introduced: blankToNull('year_introduced', numberOrText),
    text_of_measure: text('text_of_measure'),
    remarks: text('remarks'),
    status: blankToNull('status', (v) => choiceOf(choiceLists.restrictionStatus, v)) ?? undefined,
  };
  return body;
}

interface CheckedRow {
  row: number;
  columns: ReturnType<typeof newRestrictionColumns>;
}

/** Validates one row: the create schema, the references, then the writer's access rule. */
async function checkRow(
  db: Database,
  row: number,
  cells: Cells,
  context: { reference: CatalogueReference; sectorsByCode: Map<string, number>; writer: Writer },
  access: Map<string, boolean>,
): Promise<CheckedRow | TRestrictionImportError[]> {
  const parsed = ZRestrictionCreateSchema.safeParse(bodyOf(cells, context.reference, context.sectorsByCode));
  if (!parsed.success) {
    const seen = new Set<string>();
    return parsed.error.issues
      .map((issue) => ({ row, field: String(issue.path[0] ?? 'row'), message: issue.message }))
      .filter((error) => !seen.has(error.field) && seen.add(error.field));
  }
  let columns: CheckedRow['columns'];
  try {
    columns = newRestrictionColumns(parsed.data, context.reference);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    return Object.entries(error.errors).map(([field, message]) => ({ row, field, message }));
  }
  const key = `${columns.countryCode}|${columns.sectorId}`;
  if (!access.has(key))
    access.set(
      key,
      await canEditRestrictions(db, context.writer.principal, columns.countryCode, columns.sectorId),
    );
  if (!access.get(key))
    return [{ row, field: 'country', message: editRefusal(context.reference, columns.countryCode) }];
  return { row, columns };
}

/**
 * `POST /api/admin/restrictions/import/`: every row is checked like a create; with any refusal nothing
 * is written (422 with the report) unless `mode` is `valid`, then the valid rows are. Written rows go
 * in one transaction with their versions and audit rows.
 */
export async function importRestrictions(
  db: Database,
  file: { data: Buffer; extension: 'csv' | 'xlsx' },
  mode: TRestrictionImportMode,
  writer: Writer,
): Promise<TRestrictionImportReport> {
  const table = (await readTable(file.data, file.extension)).filter((cells, i) =>
    i === 0 ? true : cells.some((cell) => cell.trim() !== ''),
  );
  const [header, ...rows] = table;
  if (!header || rows.length === 0) throw fileError(texts.importEmpty);
  if (rows.length > restrictionImportLimits.rows) throw fileError(texts.importTooManyRows);
  const { columns, errors: headerErrors } = readHeader(header);
  const report = (imported: number, rowErrors: TRestrictionImportError[]): TRestrictionImportReport => ({
    mode,
    total_rows: rows.length,
    imported,
    row_errors: rowErrors,
  });
  if (headerErrors.length > 0)
    throw new HttpError(422, texts.importFailed, undefined, undefined, { ...report(0, headerErrors) });

  const reference = await catalogueReference(db);
  const sectorsByCode = new Map([...reference.sectors.values()].map((node) => [node.code, node.id]));
  const context = { reference, sectorsByCode, writer };
  const access = new Map<string, boolean>();
  const valid: CheckedRow[] = [];
  const rowErrors: TRestrictionImportError[] = [];
  for (const [i, cells] of rows.entries()) {
    const named: Cells = {};
    columns.forEach((column, c) => {
      if (column) named[column] = cells[c] ?? '';
    });
    const checked = await checkRow(db, i + 2, named, context, access);
    if (Array.isArray(checked)) rowErrors.push(...checked);
    else valid.push(checked);
  }
  if (rowErrors.length > 0 && mode === 'all')
    throw new HttpError(422, texts.importFailed, undefined, undefined, { ...report(0, rowErrors) });
  if (valid.length === 0)
    throw new HttpError(422, texts.importNoValidRows, undefined, undefined, { ...report(0, rowErrors) });

  await retryingTakenSlugs(() =>
    db.transaction((tx) =>
      insertRestrictionRows(
        tx,
        valid.map((row) => row.columns),
        writer,
      ),
    ),
  );
  await restrictionsWritten(db);
  return report(valid.length, rowErrors);
}

/** The template's CSV: the header row the import reads. */
export const importTemplateCsv = () => `\uFEFF${restrictionImportColumns.join(',')}\r\n`;
