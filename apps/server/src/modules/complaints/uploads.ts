import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import { messages } from '@stp/shared';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { HttpError, validationFailed } from '../../http/errors.js';
import { loadOnce } from '../../lib/load-once.js';
import { contentProblem } from './upload-content.js';

/** file-type (its readers of every format), loaded at the first file received. */
const loadFileType = loadOnce(() => import('file-type'));

/** A file of a multipart request, whole in memory (bounded by the size limit). */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** A file that passed the content checks: the type comes from its bytes, never from the client. */
export interface CheckedFile {
  originalName: string;
  data: Buffer;
  contentType: string;
  extension: string;
}

export const maxFilesPerRequest = 10;

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UploadedFile).filename === 'string' &&
  Buffer.isBuffer((value as UploadedFile).data);

/** The `attachments` of a multipart body as the parser below builds it (none when the body is JSON). */
export const ZAttachmentsField = z
  .array(z.custom<UploadedFile>(isUploadedFile, 'Attach the files as multipart form data.'))
  .max(maxFilesPerRequest, `Attach at most ${maxFilesPerRequest} files.`)
  .default([]);

export const fileTooLarge = (maxMb: number) =>
  new HttpError(422, messages.fileTooLarge(maxMb), { attachments: messages.fileTooLarge(maxMb) });
const invalidFile = () =>
  new HttpError(422, messages.invalidFile, { attachments: messages.invalidFile }, messages.invalidFileTitle);

/**
 * Multipart bodies of this plugin's routes are parsed here rather than by @fastify/multipart's
 * keyValues mode, which drops the file names. Every file goes to `attachments` with its name; a file
 * over the limit fails the whole request with the spec text (busboy truncates, we refuse: a
 * truncated document must never be stored as if whole).
 */
export function acceptMultipartUploads(app: FastifyInstance, maxMb: number): void {
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    // A visitor gets the 401 of the guard next; nothing they send is read.
    if (!request.principal) {
      done(null, {});
      return;
    }
    parseMultipart(request.headers as BusboyHeaders, payload, maxMb).then(
      (body) => done(null, body),
      (error: Error) => done(error, undefined),
    );
  });
}

function parseMultipart(headers: BusboyHeaders, payload: Readable, maxMb: number) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = Busboy({
        headers,
        // Keep the name as sent: a name with a folder part is refused by `checkUpload`, not shortened.
        preservePath: true,
        limits: {
          fileSize: maxMb * 1024 * 1024,
          files: maxFilesPerRequest,
          fields: 50,
          fieldSize: 100_000,
          parts: 70,
        },
      });
    } catch {
      reject(new HttpError(400, 'The request could not be understood.'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    const reading: Promise<void>[] = [];
    let failure: HttpError | undefined;
    parser.on('field', (name: string, value: string) => {
      if (!(name in Object.prototype) && name !== 'attachments') fields[name] = value;
    });
    parser.on('file', (_field: string, stream: Readable & { truncated?: boolean }, filename: string) => {
      const chunks: Buffer[] = [];
      reading.push(
        new Promise<void>((settle) => {
          stream.on('data', (chunk: Buffer) => {
            if (!failure) chunks.push(chunk);
          });
          stream.on('limit', () => {
            failure ??= fileTooLarge(maxMb);
            chunks.length = 0;
          });
          stream.on('error', () => {
            failure ??= new HttpError(400, 'The request could not be understood.');
            settle();
          });
          stream.on('end', () => {
            if (!stream.truncated && !failure) files.push({ filename, data: Buffer.concat(chunks) });
            settle();
          });
        }),
      );
    });
    parser.on('filesLimit', () => {
      failure ??= validationFailed({ attachments: `Attach at most ${maxFilesPerRequest} files.` });
    });
    parser.on('error', () => reject(new HttpError(400, 'The request could not be understood.')));
    parser.on('finish', () => {
      void Promise.all(reading).then(() => {
        if (failure) reject(failure);
        else resolve({ ...fields, attachments: files });
      });
    });
    payload.pipe(parser);
  });
}

/** Detected type -> stored extension, and the file-name extensions a user may give it. */
const binaryTypes: Record<string, { ext: string; names: string[] }> = {
  'application/pdf': { ext: 'pdf', names: ['pdf'] },
  'image/png': { ext: 'png', names: ['png'] },
  'image/jpeg': { ext: 'jpg', names: ['jpg', 'jpeg', 'jpe'] },
  'image/gif': { ext: 'gif', names: ['gif'] },
  'image/webp': { ext: 'webp', names: ['webp'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    ext: 'docx',
    names: ['docx'],
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: 'xlsx', names: ['xlsx'] },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    ext: 'pptx',
    names: ['pptx'],
  },
  'application/vnd.oasis.opendocument.text': { ext: 'odt', names: ['odt'] },
  'application/vnd.oasis.opendocument.spreadsheet': { ext: 'ods', names: ['ods'] },
};

// Legacy Office files are OLE compound documents: the magic bytes say "cfb", the name says which.
const compoundTypes: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const textTypes: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' };

const zipEnd = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
// A zip's end record sits in its last 22 bytes plus at most a 65,535-byte comment.
const zipTail = 22 + 65_535;

/**
 * A polyglot: a file that reads as one allowed type at its head and carries a zip archive (an Office
 * document, a jar: GIFAR ...) or a program inside. Only containers themselves may hold zip structures.
 */
function carriesArchive(data: Buffer, mime: string): boolean {
  if (mime.startsWith('application/vnd.')) return false;
  return data.subarray(-zipTail).includes(zipEnd);
}

// Markup a browser or another reader could take the file for (HTML, SVG, a server script).
const markup =
  /<(?:script|html|!doctype\s+html|iframe|svg|body|object|embed|applet|meta\s|\?php)|javascript:/i;
// Browsers sniff the first 512 bytes; the tail is where a polyglot appends its second file.
const markupWindow = 1024;

/** Markup at the head or the tail of the bytes: an image or document that is also a web page. */
function carriesMarkup(data: Buffer): boolean {
  const head = data.subarray(0, markupWindow).toString('latin1');
  const tail = data.subarray(-markupWindow).toString('latin1');
  return markup.test(head) || markup.test(tail);
}

const pngEnd = Buffer.from('0000000049454e44ae426082', 'hex');

/** PNG and GIF have a fixed last record (IEND, the 0x3B trailer): anything after it is a second file. */
function hasTrailingData(data: Buffer, mime: string): boolean {
  if (mime === 'image/png') return !data.subarray(-pngEnd.length).equals(pngEnd);
  if (mime === 'image/gif') return data[data.length - 1] !== 0x3b;
  return false;
}

const isPolyglot = (data: Buffer, mime: string) =>
  carriesArchive(data, mime) || carriesMarkup(data) || hasTrailingData(data, mime);

/** Longest file name accepted (most file systems stop at 255). */
export const maxFileNameLength = 255;

/**
 * A name as a browser sends it: no folder part (`/`, `\`, a drive), no `..`, no control or
 * direction-override characters (`invoice\u202Efdp.exe`), not blank, at most 255 characters.
 */
export function isSafeFileName(name: string): boolean {
  const trimmed = name.trim();
  if (!trimmed || name.length > maxFileNameLength) return false;
  if (/[\\/]/.test(name) || /^[a-z]:/i.test(name) || /^\.+$/.test(trimmed)) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name);
}

/** The file's own name without any folder part or control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'document').slice(-200);
}

const nameExtension = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? '';

function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The type of the bytes when they are an allowed, single-format file (`CheckedFile` without the name). */
export type DetectedType = Pick<CheckedFile, 'contentType' | 'extension'>;

/**
 * What the bytes are, by their magic bytes, when the type is on the allow-list of docs/complaints.md
 * and the file is no polyglot; `named` is the extension of the file's name, which must agree with the
 * bytes (`undefined` for a file whose name is never kept, such as an avatar: the bytes decide).
 */
export async function detectAllowedType(data: Buffer, named?: string): Promise<DetectedType | null> {
  const { fileTypeFromBuffer } = await loadFileType();
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    if (detected.ext === 'cfb') {
      const contentType = named === undefined ? undefined : compoundTypes[named];
      return contentType && !carriesMarkup(data) ? { contentType, extension: named! } : null;
    }
    // A zip that is not exactly a known OOXML/ODF document (a plain zip, .docm, .xlsm ...) is refused.
    const known = binaryTypes[detected.mime];
    if (!known || (named !== undefined && !known.names.includes(named))) return null;
    return isPolyglot(data, detected.mime) ? null : { contentType: detected.mime, extension: known.ext };
  }
  const textType = named === undefined ? undefined : textTypes[named];
  if (!textType || !isPlainText(data) || isPolyglot(data, textType)) return null;
  return { contentType: `${textType}; charset=utf-8`, extension: named! };
}

/**
 * Checks one upload by its content (magic bytes) and its name: the allow-list of docs/complaints.md,
 * the name's extension must agree with what the bytes are, no polyglot, no folder part or control
 * character in the name; empty and oversize files are refused; then what the file holds
 * (`contentProblem`: an image's pixels, a PDF's actions). The one upload check of the server
 * (complaints, answers, page images, the restriction import; avatars use `detectAllowedType` and
 * `contentProblem`).
 */
export async function checkUpload(file: UploadedFile, maxMb: number): Promise<CheckedFile> {
  if (file.data.length === 0) throw invalidFile();
  if (file.data.length > maxMb * 1024 * 1024) throw fileTooLarge(maxMb);
  if (!isSafeFileName(file.filename)) throw invalidFile();
  const originalName = cleanFileName(file.filename);
  const type = await detectAllowedType(file.data, nameExtension(originalName));
  if (!type) throw invalidFile();
  const problem = contentProblem(file.data, type.contentType);
  if (problem) throw new HttpError(422, problem, { attachments: problem }, messages.invalidFileTitle);
  return { originalName, data: file.data, ...type };
}

/** Checks every upload of a request; the first refusal fails the whole request. */
export async function checkUploads(files: readonly UploadedFile[], maxMb: number): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) checked.push(await checkUpload(file, maxMb));
  return checked;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
