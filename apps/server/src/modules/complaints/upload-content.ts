import { messages, uploadContentLimits, uploadTexts } from '@stp/shared';
import { imageSize } from 'image-size';
import { scanPdf } from './pdf-actions.js';

/** Pixels an uploaded image may have (width × height, read from its header). */
export const maxImagePixels = uploadContentLimits.imageMegapixels * 1_000_000;

/**
 * An image's dimensions from its header (PNG IHDR, JPEG SOF, GIF screen, WebP VP8/VP8L/VP8X), never
 * by decoding it: a 30,000 × 30,000 PNG is 875 KB on disk and 3.6 GB in a browser's memory.
 */
function imageProblem(data: Buffer): string | null {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    return messages.invalidFile;
  }
  if (!size.width || !size.height) return messages.invalidFile;
  return size.width * size.height > maxImagePixels ? uploadTexts.imageTooManyPixels : null;
}

function pdfProblem(data: Buffer): string | null {
  const verdict = scanPdf(data);
  if (verdict === 'active') return uploadTexts.pdfActiveContent;
  return verdict === 'unchecked' ? uploadTexts.pdfUnchecked : null;
}

/**
 * What is wrong with the inside of a file whose type is already known from its bytes (the shared
 * upload check, then the avatar): an image past the pixel limit, a PDF with JavaScript or a launch
 * action (pdf-actions.ts). The refusal's text, or null when the file may be kept.
 */
export function contentProblem(data: Buffer, contentType: string): string | null {
  if (contentType.startsWith('image/')) return imageProblem(data);
  if (contentType === 'application/pdf') return pdfProblem(data);
  return null;
}
