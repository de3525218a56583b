import { identityWithheldLabel, type TManageComplaintListQuery } from '@stp/shared';
import type { SQL } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Executor } from '../../db/client.js';
import { streamOnceStarted } from '../../http/streaming.js';
import { listManaged } from '../complaints/complaint-queries.js';
import type { IdentityViewer } from '../complaints/confidentiality.js';
import { presentManageItem } from '../complaints/complaints.presenter.js';

const columns = [
  'reference',
  'status',
  'stage',
  'country_code',
  'restriction_type',
  'brief_description',
  'date_of_occurrence',
  'submitted_at',
  'stage_due_at',
  'overdue',
  'date_resolved',
  'archived',
  'source',
  'applicant_name',
] as const;

/** One CSV field: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const batch = 500;

/**
 * The CSV of a staff list, read page by page so memory stays flat however many rows match. The first
 * page is read before anything is sent: a refused sort or filter is the usual 422, not a cut-off file.
 * A withheld applicant's column holds the label (complaints/confidentiality.ts decides for `viewer`).
 */
export function exportCsv(
  db: Executor,
  scope: SQL | undefined,
  query: TManageComplaintListQuery,
  viewer: IdentityViewer,
  now = new Date(),
): Promise<Readable> {
  async function* pages() {
    for (let page = 1; ; page++) {
      const { rows } = await listManaged(
        db,
        scope,
        { ...query, page, page_size: batch },
        '-submitted_at',
        now,
      );
      // A BOM so spreadsheet programs read the UTF-8 (French names, accents) correctly.
      let chunk = page === 1 ? `\ufeff${columns.join(',')}\r\n` : '';
      for (const row of rows) {
        const item = presentManageItem(row, viewer, now);
        const named = item.applicant_withheld ? { ...item, applicant_name: identityWithheldLabel } : item;
        chunk += `${columns.map((column) => csvField(named[column])).join(',')}\r\n`;
      }
      yield chunk;
      if (rows.length < batch) return;
    }
  }
  return streamOnceStarted(pages());
}
