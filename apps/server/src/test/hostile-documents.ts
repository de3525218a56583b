// Test support: images whose headers claim huge dimensions, and PDFs that carry JavaScript or a
// launch action (plain, compressed in object streams, escaped, hidden) or must still pass; built in
// memory (zips and xlsx files: hostile-files.ts).
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG header of `width` × `height` pixels (8-bit grey) with a tiny IDAT: its first row only. A
 * decoder that trusts the header reserves width × height bytes before it reads a pixel.
 */
export function pngOfSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(Math.min(width, 4096) + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOF0) of `width` × `height`, without scan data worth decoding. */
export function jpegOfSize(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    sof,
    Buffer.from([0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0, 0x12, 0x34]),
    Buffer.from('ffd9', 'hex'),
  ]);
}

/** A GIF header of `width` × `height` (its logical screen) with one 1×1 image. */
export function gifOfSize(width: number, height: number): Buffer {
  const screen = Buffer.from([0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from('GIF89a'),
    screen,
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]),
  ]);
}

/** A one-page PDF with a line of text, written by pdf-lib (object streams when `compact`). */
export async function plainPdf(compact = false): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Licence refused, letter of 12 January.', {
    x: 20,
    y: 100,
    size: 10,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save({ useObjectStreams: compact }));
}

/**
 * A one-page PDF whose catalog opens with an action: `javascript` (app.alert) or `launch` (runs a
 * program). With `compact` the catalog sits in a compressed object stream, where the names are
 * visible only once inflated.
 */
export async function pdfWithAction(kind: 'javascript' | 'launch', compact: boolean): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  const action =
    kind === 'javascript'
      ? doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hello")') })
      : doc.context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save({ useObjectStreams: compact }));
}

/**
 * A hand-written PDF of these objects' bodies (numbered from 1; a body may hold further
 * `N 0 obj ... endobj` text, which the cross-reference table then points at where it lies).
 */
export function rawPdf(bodies: string[]): Buffer {
  let text = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  bodies.forEach((body, i) => {
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const numbers: number[] = [];
  for (const match of text.matchAll(/(\d+) 0 obj/g)) numbers[Number(match[1])] = match.index;
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${numbers.length}\n0000000000 65535 f \n`;
  for (let n = 1; n < numbers.length; n += 1)
    text += `${String(numbers[n] ?? 0).padStart(10, '0')} 00000 ${numbers[n] === undefined ? 'f' : 'n'} \n`;
  text += `trailer\n<< /Size ${numbers.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const pdfPages = [
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
];

/** A stream object of this dictionary (without `/Length`) and data. */
const pdfStream = (dictionary: string, data: string) =>
  `<< ${dictionary} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;

/**
 * Hand-written PDFs that hide a JavaScript action from a plain search, or from a scan that does
 * not read as a reader reads: `escaped` names (`/J#61vaScript`, `/J#53`) in the page's `/AA`;
 * `inStreamData`, the action as object 5 inside the data of stream object 4, where the
 * cross-reference table points; `hexObjectStream`, the action in an object stream whose filter
 * (ASCIIHex) the scan does not decode; `objectStreamBomb`, one past what the scan inflates;
 * `damagedObjectStream`, an object stream that does not inflate.
 */
export const hiddenScriptPdfs = {
  escaped: () =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      pdfPages[0]!,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /AA << /O 4 0 R >> >>',
      '<< /Type /Action /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>',
    ]),
  inStreamData: () =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
      ...pdfPages,
      pdfStream('', '5 0 obj\n<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>\nendobj'),
    ]),
  hexObjectStream: () => {
    const objects = '5 0 << /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>';
    return rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
      ...pdfPages,
      pdfStream(
        '/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode',
        `${Buffer.from(objects).toString('hex')}>`,
      ),
    ]);
  },
  /** An object stream of `mb` megabytes of white space once inflated (a few KB in the file). */
  objectStreamBomb: (mb: number) => {
    const data = deflateSync(Buffer.alloc(mb * 1024 * 1024, 0x20), { level: 9 }).toString('latin1');
    return rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      ...pdfPages,
      pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', data),
    ]);
  },
  damagedObjectStream: () =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      ...pdfPages,
      pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', 'x\x9c not deflate data at all'),
    ]),
};

/**
 * Hand-written PDFs that must still pass: the words in a string (`(see /JavaScript and /Launch)`),
 * a link (`/URI` action) opened by the page, and an object stream (Flate) of harmless objects.
 */
export const harmlessPdfs = {
  wordsInText: () =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      ...pdfPages,
      '<< /Title (Why /JavaScript and /Launch are refused \\(a note\\)) /Keywords <2F4A53> >>',
    ]),
  link: () =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>',
      pdfPages[0]!,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /AA << /O << /S /URI /URI (https://example.org/) >> >> >>',
    ]),
};
