/** Avatar formats the server accepts, told apart by their first bytes (magic numbers). */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/** The `accept` list of the file input: a hint for the picker only, the bytes are what count. */
export const imageAccept = 'image/png,image/jpeg,image/webp,image/gif';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type of these leading bytes, or null when they are not one of the accepted formats. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Why a chosen file cannot be uploaded, or null when it can. */
export type ImageFileProblem = 'invalid' | 'tooLarge';

// FileReader rather than Blob.arrayBuffer(): jsdom, which the unit tests run in, lacks the latter.
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Checks a file before upload: its real format (first bytes, not its name or type), then its size (when the
 * limit is known; the server checks it again in any case).
 */
export async function checkImageFile(file: Blob, maxMb: number | null): Promise<ImageFileProblem | null> {
  const head = await readBytes(file.slice(0, 12));
  if (!detectImageType(head)) return 'invalid';
  if (maxMb !== null && file.size > maxMb * 1024 * 1024) return 'tooLarge';
  return null;
}
