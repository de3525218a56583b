import { Readable } from 'node:stream';
import yazl from 'yazl';
import { loadExcelJs } from '../../lib/excel.js';
import { readZipEntries, type ZipLimits } from '../complaints/zip-entries.js';

/** The sheets hold more cells than the limit: refused before they are parsed. */
export class TooManyCellsError extends Error {
  constructor(limit: number) {
    super(`more than ${limit} cells`);
    this.name = 'TooManyCellsError';
  }
}

/** The rows of the sheet went past the limit: the reading stopped there. */
export class TooManyRowsError extends Error {
  constructor(limit: number) {
    super(`more than ${limit} rows`);
    this.name = 'TooManyRowsError';
  }
}

// The parts exceljs's streaming reader reads, in the order it needs them (relations and the workbook
// before the sheets, the shared strings before the sheets so no sheet is parked in a temporary file).
const parts = [
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
] as const;
const sheetPart = /^xl\/worksheets\/sheet\d+\.xml$/;

/** Cells read per row: the template has 26 columns; cells past this are not read. */
export const maxColumns = 256;

/** What an xlsx may hold: its zip, its data rows, and the cells of its sheets. */
export interface XlsxLimits {
  zip: ZipLimits;
  rows: number;
  cells: number;
}

const cellTagEnds = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);

/**
 * The cell elements of a sheet's markup (`<c ` or `<x:c `), counted on the bytes: exceljs builds
 * every cell of a row before it hands the row over (46 rows of 16,384 cells took 20 s).
 */
function countCells(xml: Buffer, stopAfter: number): number {
  let count = 0;
  for (const tag of ['<c', ':c']) {
    let at = xml.indexOf(tag);
    while (at !== -1 && count <= stopAfter) {
      if (
        cellTagEnds.has(xml[at + 2] ?? 0) &&
        (tag === '<c' || xml.lastIndexOf('<', at) > xml.lastIndexOf(' ', at))
      )
        count += 1;
      at = xml.indexOf(tag, at + 2);
    }
  }
  return count;
}

/**
 * The parts picked and inflated within `limits`, as a new zip of stored entries with their sizes in
 * the local headers: exceljs's reader walks the local headers of the bytes it is given, so it must
 * be given bytes whose every entry was counted, never the upload itself (whose local headers may
 * hide entries the central directory does not list).
 */
async function checkedWorkbookStream(data: Buffer, limits: XlsxLimits) {
  const entries = await readZipEntries(
    data,
    limits.zip,
    (name) => (parts as readonly string[]).includes(name) || sheetPart.test(name),
  );
  const zip = new yazl.ZipFile();
  const sheets = [...entries.keys()].filter((name) => sheetPart.test(name)).sort();
  let cells = 0;
  for (const name of sheets) {
    cells += countCells(entries.get(name)!, limits.cells - cells);
    if (cells > limits.cells) throw new TooManyCellsError(limits.cells);
  }
  // Without shared strings exceljs would park each sheet in a temporary file until the end.
  if (!entries.has('xl/sharedStrings.xml')) entries.set('xl/sharedStrings.xml', Buffer.from('<sst/>'));
  for (const name of [...parts, ...sheets]) {
    const entry = entries.get(name);
    if (entry) zip.addBuffer(entry, name, { compress: false });
  }
  zip.end();
  return Readable.from(inSlices(zip.outputStream as Readable), { objectMode: false });
}

/**
 * The bytes in slices of 64 KB: exceljs parses each chunk it is handed into one array of events, so
 * a part handed whole (yazl writes a buffer in one piece) would cost its size many times over.
 */
async function* inSlices(stream: AsyncIterable<Buffer>, size = 64 * 1024) {
  for await (const chunk of stream)
    for (let start = 0; start < chunk.length; start += size) yield chunk.subarray(start, start + size);
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** Rows of any kind (blank or formatted only) read per data row allowed, before the reading stops. */
export const rowsReadPerDataRow = 10;

/**
 * The first sheet of an xlsx as text cells (row 1 is the header, rows as numbered in the sheet),
 * read as a stream: the zip is checked against `limits.zip` first (ZipLimitError,
 * ZipUnreadableError) and the cells of the sheets counted (TooManyCellsError); the reading stops
 * (TooManyRowsError) at the first non-blank row past `limits.rows` data rows, or past
 * `rowsReadPerDataRow` × `limits.rows` rows of any kind (blank rows cost time too: 45 MB of empty
 * rows took 90 s to stream).
 */
export async function readXlsxTable(data: Buffer, limits: XlsxLimits): Promise<string[][]> {
  const maxRows = limits.rows;
  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(await checkedWorkbookStream(data, limits), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers, as the whole-file reader did.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const tabs = () =>
    ((reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []).map(
      (sheet) => sheet.name,
    );
  const rows: string[][] = [];
  let read = false;
  let dataRows = 0;
  let rowsRead = 0;
  for await (const sheet of reader) {
    // The workbook's first tab, as the whole-file reader took; a sheet exceljs could not match to a
    // tab (a producer's own part names) counts as the first when it comes first.
    const name = (sheet as unknown as { name: string }).name;
    if (read || (name !== tabs()[0] && tabs().includes(name))) continue;
    read = true;
    let number = 0;
    for await (const row of sheet) {
      rowsRead += 1;
      if (rowsRead > maxRows * rowsReadPerDataRow) throw new TooManyRowsError(maxRows);
      // `r` is optional in the format: a row without it follows the previous one.
      number = Number.isInteger(row.number) && row.number > number ? row.number : number + 1;
      const cells: string[] = [];
      for (let i = 1; i <= Math.min(row.cellCount, maxColumns); i += 1) cells.push(row.getCell(i).text ?? '');
      if (number > 1 && !isBlank(cells)) {
        dataRows += 1;
        if (dataRows > maxRows) throw new TooManyRowsError(maxRows);
      }
      rows[number - 1] = cells;
    }
  }
  return Array.from(rows, (row) => row ?? []);
}
