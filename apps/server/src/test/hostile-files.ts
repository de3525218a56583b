// Test support: zips and xlsx files built in memory that exhaust a naive reader (bombs, lying sizes,
// hidden entries, too many rows or cells); images and PDFs are in hostile-documents.ts. Nothing large
// is committed: each file is made from a few bytes repeated, and declared sizes can be made to lie.
import ExcelJS from 'exceljs';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One zip entry: its bytes as stored, and what the directories say about them. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** The bytes as they sit in the archive. */
  stored: Buffer;
  /** The inflated size and CRC the headers declare (they may lie). */
  size: number;
  crc: number;
  /** In the local headers only: a reader that walks them sees it, the central directory does not list it. */
  hidden?: boolean;
}

/** An entry stored as is, with its true size. */
export const storedEntry = (name: string, text: string | Buffer): ZipEntry => {
  const data = Buffer.from(text);
  return { name, method: 0, stored: data, size: data.length, crc: crc32(data) };
};

/** An entry deflated, with its true size. */
export const deflatedEntry = (name: string, text: string | Buffer): ZipEntry => {
  const data = Buffer.from(text);
  return { name, method: 8, stored: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/**
 * An entry whose text is `head`, then `chunk` repeated `times`, then `tail`, deflated without ever
 * holding the whole text: the chunk is deflated once (full flush, so the copies stand alone) and
 * its blocks repeated. A 1 MB chunk of repeated markup deflates to about 1 KB.
 */
export function repeatedEntry(
  name: string,
  head: string,
  chunk: string,
  times: number,
  tail: string,
): ZipEntry {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const headBytes = Buffer.from(head);
  const chunkBytes = Buffer.from(chunk);
  const tailBytes = Buffer.from(tail);
  const parts = [deflateRawSync(headBytes, flush)];
  const chunkBlocks = deflateRawSync(chunkBytes, flush);
  let crc = crc32(headBytes);
  for (let i = 0; i < times; i += 1) {
    parts.push(chunkBlocks);
    crc = crc32(chunkBytes, crc);
  }
  parts.push(deflateRawSync(tailBytes));
  crc = crc32(tailBytes, crc);
  const size = headBytes.length + chunkBytes.length * times + tailBytes.length;
  return { name, method: 8, stored: Buffer.concat(parts), size, crc };
}

/** A zip of these entries (local headers with their sizes, the central directory, the end record). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.stored.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.stored);
    if (!entry.hidden) centrals.push(central, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const listed = entries.filter((entry) => !entry.hidden).length;
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const spreadsheetNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationshipNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a one-sheet workbook around a sheet and its shared strings (as Excel names them). */
export function xlsxParts(sheetXml: ZipEntry, sharedStrings: ZipEntry): ZipEntry[] {
  return [
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    ),
    deflatedEntry(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${packageRelNs}"><Relationship Id="rId1" Type="${relationshipNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedEntry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${spreadsheetNs}" xmlns:r="${relationshipNs}"><sheets><sheet name="Restrictions" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflatedEntry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${packageRelNs}">` +
        `<Relationship Id="rId1" Type="${relationshipNs}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${relationshipNs}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sharedStrings,
    sheetXml,
  ];
}

const sheetOf = (rowsXml: string) =>
  deflatedEntry(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${spreadsheetNs}"><sheetData>${rowsXml}</sheetData></worksheet>`,
  );

/** A one-sheet xlsx of this `<sheetData>` markup (no shared strings). */
export const xlsxOfSheetData = (rowsXml: string) =>
  zipOf(
    xlsxParts(sheetOf(rowsXml), deflatedEntry('xl/sharedStrings.xml', `<sst xmlns="${spreadsheetNs}"/>`)),
  );

/** Shared strings of `inflatedMb` MB: one string of 1 MiB per megabyte (deflate's best ratio, ~1,000:1). */
function bombStrings(head: string, inflatedMb: number): ZipEntry {
  const one = `<si><t>${'A'.repeat(1024 * 1024 - 15)}</t></si>`;
  return repeatedEntry('xl/sharedStrings.xml', head, one, inflatedMb, '</sst>');
}

const bombHead = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${spreadsheetNs}"><si><t>title</t></si><si><t>country</t></si>`;
const bombSheet = () =>
  sheetOf(
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
      '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="inlineStr"><is><t>KE</t></is></c></row>',
  );

/**
 * The bomb of issue 29: a valid one-sheet xlsx (a header and one row, read from shared strings)
 * whose shared strings inflate to `inflatedMb` MB; `declaredMb` is what its headers claim (the
 * truth unless given).
 */
export function xlsxBomb(inflatedMb: number, declaredMb?: number): Buffer {
  const strings = bombStrings(bombHead, inflatedMb);
  if (declaredMb !== undefined) strings.size = declaredMb * 1024 * 1024;
  return zipOf(xlsxParts(bombSheet(), strings));
}

/**
 * A small valid xlsx whose central directory lists small shared strings, with a bomb of
 * `inflatedMb` MB of shared strings of the same name hidden before them in the local headers only:
 * what a reader walking the local headers (a streaming unzip) would inflate.
 */
export function xlsxWithHiddenBomb(inflatedMb: number): Buffer {
  const [types, rels, workbook, workbookRels, , sheet] = xlsxParts(bombSheet(), storedEntry('x', ''));
  const listed = deflatedEntry('xl/sharedStrings.xml', `${bombHead}<si><t>row two</t></si></sst>`);
  const hidden = { ...bombStrings(bombHead, inflatedMb), hidden: true };
  return zipOf([types!, rels!, workbook!, workbookRels!, hidden, listed, sheet!]);
}

/** An xlsx of `count` entries (the workbook's parts and padding entries), each a few bytes. */
export function xlsxOfEntries(count: number): Buffer {
  const parts = xlsxParts(bombSheet(), deflatedEntry('xl/sharedStrings.xml', `${bombHead}</sst>`));
  const padding = Array.from({ length: count - parts.length }, (_, i) =>
    storedEntry(`customXml/item${i + 1}.xml`, '<a/>'),
  );
  return zipOf([...parts, ...padding]);
}

/**
 * An xlsx of the import's header and `count` rows written as inline strings (`{n}` in a cell is its
 * row number), then `tail`: the sheet's end, or broken markup that shows whether a reader stopped
 * before it.
 */
export function xlsxOfRowCount(
  header: string[],
  row: string[],
  count: number,
  tail = '</sheetData></worksheet>',
): Buffer {
  const cells = (values: string[], r: number) =>
    values
      .map(
        (value, c) => `<c r="${String.fromCharCode(65 + c)}${r}" t="inlineStr"><is><t>${value}</t></is></c>`,
      )
      .join('');
  let rowsXml = `<row r="1">${cells(header, 1)}</row>`;
  for (let r = 2; r <= count + 1; r += 1)
    rowsXml += `<row r="${r}">${cells(
      row.map((value) => value.replace('{n}', String(r))),
      r,
    )}</row>`;
  const sheet = deflatedEntry(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${spreadsheetNs}"><sheetData>${rowsXml}${tail}`,
  );
  return zipOf(xlsxParts(sheet, deflatedEntry('xl/sharedStrings.xml', `<sst xmlns="${spreadsheetNs}"/>`)));
}

/** A valid xlsx made by exceljs (as an Excel user's file would be): these rows on one sheet. */
export async function xlsxOfRows(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Restrictions');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
