import { PassThrough, Readable } from 'node:stream';
import {
  choiceLists,
  restrictionStatus,
  type Choice,
  type Locale,
  type TRestrictionExportQuery,
} from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loadExcelJs } from '../../lib/excel.js';
import { catalogueReference, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { resolveFilters, whereSql, type RestrictionFilters } from './restriction-query.js';
import type { RestrictionBaseRow } from './restrictions.presenter.js';

const batchSize = 1_000;

interface ExportRow extends RestrictionBaseRow {
  responsible_agency: string;
  commitments_made: string;
  other_dates: string;
  proposed_removal_year: number | null;
  year_removed_or_amended: number | null;
  text_of_measure: string;
  remarks: string;
}

const exportColumns = sql.raw(
  'r.id, r.slug, r.title, r.country_code, r.sector_id, r.sub_sector_id, r.specific_service_id, r.policy_id, r.restriction_type, r.market_access, r.national_treatment, r.non_compliance_type, r.modes_of_supply, r.restrictiveness_indicator, r.responsible_agency, r.commitments_made, r.other_dates, r.proposed_removal_year, r.year_removed_or_amended, r.year_introduced, r.text_of_measure, r.remarks, r.status',
);

/**
 * Every visible restriction matching the filters, in batches read by keyset on the id (no
 * server-side cursor: on PGlite a cursor would hold the only connection for the whole download).
 */
export async function* restrictionBatches(
  db: Executor,
  filters: RestrictionFilters,
  size = batchSize,
): AsyncGenerator<ExportRow[]> {
  const where = whereSql(filters);
  let after = 0;
  for (;;) {
    const result = await db.execute(
      sql`select ${exportColumns} from restrictions r where ${where} and r.id > ${after} order by r.id limit ${size}`,
    );
    const rows = (result as { rows: ExportRow[] }).rows;
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = (rows[rows.length - 1] as ExportRow).id;
  }
}

const headings: Record<Locale, string[]> = {
  en: [
    'Title',
    'Country',
    'Sector',
    'Sub Sector',
    'Specific Service',
    'Policy Area',
    'Type Of Restriction',
    'Restriction On Market Access',
    'Restriction On National Treatment',
    'Type Of Non-Compliance',
    'Mode Of Supply Affected',
    'Restrictiveness Numerical Indicator',
    'Responsible Ministry/Agency',
    'Commitments Made',
    'Other Dates',
    'Proposed Year Of Removal',
    'Year Measure Was Removed Or Amended',
    'Year Measure Was Introduced',
    'Text Of Measure',
    'Remarks',
    'Status',
    'Link',
  ],
  fr: [
    'Titre',
    'Pays',
    'Secteur',
    'Sous-secteur',
    'Service spécifique',
    'Domaine de politique',
    'Type de restriction',
    "Restriction de l'accès aux marchés",
    'Restriction du traitement national',
    'Type de non-conformité',
    'Mode de fourniture concerné',
    'Indicateur numérique de restrictivité',
    'Ministère/Agence responsable',
    'Engagements pris',
    'Autres dates',
    'Année de suppression proposée',
    'Année de suppression ou de modification de la mesure',
    "Année d'introduction de la mesure",
    'Texte de la mesure',
    'Remarques',
    'Statut',
    'Lien',
  ],
};

function labelOf(list: readonly Choice[], value: string | null, lang: Locale): string {
  if (value === null) return '';
  return list.find((choice) => choice.value === value)?.label[lang] ?? value;
}

/** One row of the export as cells: human labels in the asked language. */
function cellsOf(row: ExportRow, reference: CatalogueReference, lang: Locale, publicUrl: string) {
  const sectorName = (id: number | null) =>
    id === null ? '' : (reference.sectors.get(id)?.name[lang] ?? '');
  return [
    row.title,
    reference.countries.get(row.country_code)?.name[lang] ?? row.country_code,
    sectorName(row.sector_id),
    sectorName(row.sub_sector_id),
    sectorName(row.specific_service_id),
    row.policy_id === null ? '' : (reference.policies.get(row.policy_id)?.name[lang] ?? ''),
    labelOf(choiceLists.restrictionTypes, row.restriction_type, lang),
    labelOf(choiceLists.yesNo, row.market_access, lang),
    labelOf(choiceLists.yesNo, row.national_treatment, lang),
    labelOf(choiceLists.nonComplianceTypes, row.non_compliance_type, lang),
    row.modes_of_supply.map((mode) => labelOf(choiceLists.modeOfSupply, mode, lang)).join('; '),
    row.restrictiveness_indicator,
    row.responsible_agency,
    row.commitments_made,
    row.other_dates,
    row.proposed_removal_year,
    row.year_removed_or_amended,
    row.year_introduced,
    row.text_of_measure,
    row.remarks,
    labelOf(restrictionStatus, row.status, lang),
    `${publicUrl}/public/restriction/${encodeURIComponent(row.slug)}`,
  ];
}

type Cell = string | number | null;

/** RFC 4180 quoting; a leading = + - @ is prefixed with ' so a spreadsheet never runs a formula. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The download's file name: `restrictions-2026-11-21.csv`. */
export function exportFileName(format: 'csv' | 'xlsx', now = new Date()): string {
  return `restrictions-${now.toISOString().slice(0, 10)}.${format}`;
}

export interface ExportStream {
  stream: Readable;
  contentType: string;
  fileName: string;
}

/** The export of `GET /api/restrictions/export/`: filters are checked first (422), then rows stream. */
export async function exportRestrictions(
  db: Executor,
  query: TRestrictionExportQuery,
  publicUrl: string,
): Promise<ExportStream> {
  const reference = await catalogueReference(db);
  const filters = resolveFilters(query, reference);
  const lang = query.lang;
  const base = publicUrl.replace(/\/$/, '');
  if (query.format === 'csv') {
    async function* csv() {
      // The BOM tells Excel the file is UTF-8 (names like Côte d'Ivoire, French labels).
      yield `\uFEFF${csvLine(headings[lang])}`;
      for await (const rows of restrictionBatches(db, filters)) {
        yield rows.map((row) => csvLine(cellsOf(row, reference, lang, base))).join('');
      }
    }
    return {
      stream: Readable.from(csv()),
      contentType: 'text/csv; charset=utf-8',
      fileName: exportFileName('csv'),
    };
  }
  const ExcelJS = await loadExcelJs();
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const sheet = workbook.addWorksheet(lang === 'fr' ? 'Restrictions' : 'Restrictions');
  sheet.columns = headings[lang].map((header, i) => ({ header, width: i === 0 || i === 18 ? 60 : 24 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const rows of restrictionBatches(db, filters)) {
        for (const row of rows) sheet.addRow(cellsOf(row, reference, lang, base)).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return {
    stream: output,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: exportFileName('xlsx'),
  };
}
