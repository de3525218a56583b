/** Supporting documentation formats, told apart by their first bytes (magic numbers), or text by its name. */
export type AttachmentType = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'office' | 'legacy-office' | 'text';

/** The `accept` list of the file input: a hint for the picker only, the bytes are what count. */
export const attachmentAccept =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.csv,.txt';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The file-name extensions each format may carry: the server refuses a name that disagrees with the bytes. */
const extensions: Record<AttachmentType, string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg', 'jpe'],
  gif: ['gif'],
  webp: ['webp'],
  office: ['docx', 'xlsx', 'pptx', 'odt', 'ods'],
  'legacy-office': ['doc', 'xls', 'ppt'],
  text: ['csv', 'txt'],
};

function formatOf(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // docx, xlsx, pptx, odt and ods are zip containers; doc, xls and ppt are OLE compound files.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'office';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'legacy-office';
  return isPlainText(bytes) ? 'text' : null;
}

// Text has no signature: no NUL byte and valid UTF-8 (a character cut at the end of the sample is fine).
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The format of a file from its leading bytes, when its name's extension agrees; null when not allowed. */
export function detectAttachmentType(bytes: Uint8Array, name: string): AttachmentType | null {
  const format = formatOf(bytes);
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return format && extensions[format].includes(extension) ? format : null;
}

/** Why a chosen file cannot be uploaded, or null when it can. */
export type AttachmentProblem = 'invalid' | 'tooLarge';

// FileReader rather than Blob.arrayBuffer(): jsdom, which the unit tests run in, lacks the latter.
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Checks a file before upload: its size against the limit first, then its real format. */
export async function checkAttachmentFile(
  file: File,
  maxMb: number | null,
): Promise<AttachmentProblem | null> {
  if (maxMb !== null && file.size > maxMb * 1024 * 1024) return 'tooLarge';
  const head = await readBytes(file.slice(0, 512));
  return detectAttachmentType(head, file.name) ? null : 'invalid';
}

/** A file size for people: bytes, KB or MB. */
export function formatFileSize(bytes: number, locale = 'en'): string {
  const number = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} KB`;
  return `${number(bytes / (1024 * 1024))} MB`;
}
