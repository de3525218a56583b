import {
  contentApiPaths,
  type PublicationType,
  type TPublicationDetail,
  type TPublicationSummary,
} from '@stp/shared';
import type { PublicationRow } from './publications.service.js';

/** A publication in the list. */
export function presentPublication(row: PublicationRow): TPublicationSummary {
  return {
    slug: row.slug,
    title: { en: row.titleEn, fr: row.titleFr },
    summary: { en: row.summaryEn, fr: row.summaryFr },
    authors: row.authors,
    published_on: row.publishedOn,
    type: row.publicationType as PublicationType,
  };
}

/** A publication's metadata with the addresses of its file (inline and as a download). */
export function presentPublicationDetail(row: PublicationRow): TPublicationDetail {
  const fileUrl = `/api${contentApiPaths.publicationFile(row.slug)}`;
  return {
    ...presentPublication(row),
    file_name: row.fileName,
    file_size: row.fileSize,
    content_type: row.contentType,
    file_url: fileUrl,
    download_url: `${fileUrl}?download=1`,
  };
}
