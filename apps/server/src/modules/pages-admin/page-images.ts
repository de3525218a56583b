import { messages, pageImageTypes } from '@stp/shared';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pageTemplates, pageTemplateSlides } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { checkUpload, fileTooLarge, type CheckedFile, type UploadedFile } from '../complaints/uploads.js';

/** Where new page images go; `banners` and `slides` hold the demo seed's pictures. */
export const pageImageFolder = 'page-images';
export const pageImageFolders = [pageImageFolder, 'banners', 'slides'] as const;

/** An upload older than this that no template uses is swept (an editor left without saving). */
export const unsavedImageAgeMs = 24 * 3_600_000;

const imageExtensions: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** The content type of a stored page image key, or undefined when the key is not one. */
export function pageImageType(key: string): string | undefined {
  const [folder] = key.split('/');
  if (!pageImageFolders.includes(folder as (typeof pageImageFolders)[number])) return undefined;
  return imageExtensions[key.split('.').pop() ?? ''];
}

const refuse = () =>
  new HttpError(422, messages.invalidFile, { attachments: messages.invalidFile }, messages.invalidFileTitle);

/**
 * Checks a page image by its bytes (the shared upload checks: magic bytes, the name agreeing with
 * them, no polyglot), then keeps only the image types of `pageImageTypes` — no SVG, which can carry
 * script.
 */
export async function checkPageImage(file: UploadedFile | undefined, maxMb: number): Promise<CheckedFile> {
  if (!file) throw refuse();
  if (file.data.length > maxMb * 1024 * 1024) throw fileTooLarge(maxMb);
  const checked = await checkUpload(file, maxMb);
  if (!(pageImageTypes as readonly string[]).includes(checked.contentType)) throw refuse();
  return checked;
}

/** The image keys a template row and its slides name. */
export const imageKeysOf = (item: { banner_key: string | null; slides: { image_key: string }[] } | null) =>
  item
    ? [item.banner_key, ...item.slides.map((slide) => slide.image_key)].filter((k): k is string => !!k)
    : [];

/** Of these keys, the ones some template or slide still names. */
async function referencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [banners, slides] = await Promise.all([
    db
      .select({ key: pageTemplates.bannerKey })
      .from(pageTemplates)
      .where(inArray(pageTemplates.bannerKey, keys)),
    db
      .select({ key: pageTemplateSlides.imageKey })
      .from(pageTemplateSlides)
      .where(inArray(pageTemplateSlides.imageKey, keys)),
  ]);
  return new Set([...banners, ...slides].map((row) => row.key).filter((k): k is string => !!k));
}

/**
 * Removes the files of `keys` that no template or slide names any more (run after a change or a
 * purge commits). A failure leaves a file behind, never a row without its file.
 */
export async function releaseImages(db: Database, storage: FileStorage, keys: string[]): Promise<string[]> {
  const used = await referencedKeys(db, keys);
  const removed: string[] = [];
  for (const key of new Set(keys)) {
    if (used.has(key)) continue;
    try {
      await storage.delete(key);
      removed.push(key);
    } catch {
      // Left for the sweep: the record is already committed without it.
    }
  }
  return removed;
}

/** Removes uploads of the page image folder older than `minAgeMs` that no template or slide names. */
export async function sweepUnsavedImages(
  db: Database,
  storage: FileStorage,
  minAgeMs = unsavedImageAgeMs,
  now = Date.now(),
): Promise<string[]> {
  const old = (await storage.list(pageImageFolder)).filter(
    (file) => file.modifiedAt.getTime() <= now - minAgeMs,
  );
  const used = await referencedKeys(
    db,
    old.filter((file) => !file.partial).map((file) => file.key),
  );
  const removed: string[] = [];
  for (const file of old) {
    if (!file.partial && used.has(file.key)) continue;
    await storage.delete(file.key);
    removed.push(file.key);
  }
  return removed;
}
