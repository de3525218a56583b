import { Readable } from 'node:stream';
import type { TOpenDataField, TOpenDataset } from '@stp/shared';
import { csvCell } from '../restrictions/restriction-export.js';
import { datasetFields, type OpenValue } from './dictionary.js';
import { datasetRecords, type ReadScope } from './readers.js';

/*
 * The open data files (docs/open-data.md): CSV and JSON, streamed batch by batch, their columns in the
 * dictionary's order. CSV: RFC 4180, UTF-8 without a byte-order mark, a header row of the dictionary's
 * names, lists joined by ";", and a leading = + - @ of a text cell quoted with ' (OWASP's advice against
 * formula injection, the same cells as the Browse export).
 */

/** What a JSON file says about itself besides its records. */
export interface FileMeta {
  extractedAt: Date;
  licence: string;
  dictionaryUrl: string;
}

const fieldsOf = (dataset: TOpenDataset): readonly TOpenDataField[] => datasetFields[dataset];

/** A value as a CSV cell. */
function cellOf(value: OpenValue): string | number | null {
  if (value === null) return null;
  if (Array.isArray(value)) return value.join(';');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value as string | number;
}

const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A dataset as CSV: the header, then each batch of records as lines. */
export function csvFile(dataset: TOpenDataset, scope: ReadScope): Readable {
  const fields = fieldsOf(dataset);
  async function* lines() {
    yield csvLine(fields.map((field) => field.name));
    for await (const records of datasetRecords[dataset](scope)) {
      const rows = records as unknown as Record<string, OpenValue>[];
      yield rows.map((record) => csvLine(fields.map((field) => cellOf(record[field.name] ?? null)))).join('');
    }
  }
  return Readable.from(lines());
}

/** A dataset as JSON: what it is, its field list and its records, each with its fields in order. */
export function jsonFile(dataset: TOpenDataset, scope: ReadScope, meta: FileMeta): Readable {
  const fields = fieldsOf(dataset);
  async function* parts() {
    const head = {
      dataset,
      extracted_at: meta.extractedAt.toISOString(),
      license: meta.licence,
      conforms_to: meta.dictionaryUrl,
      fields: fields.map((field) => field.name),
    };
    yield `${JSON.stringify(head).slice(0, -1)},"records":[`;
    let first = true;
    for await (const records of datasetRecords[dataset](scope)) {
      const rows = records as unknown as Record<string, OpenValue>[];
      if (rows.length === 0) continue;
      const text = rows
        .map((record) =>
          JSON.stringify(Object.fromEntries(fields.map((field) => [field.name, record[field.name] ?? null]))),
        )
        .join(',');
      yield first ? text : `,${text}`;
      first = false;
    }
    yield ']}\n';
  }
  return Readable.from(parts());
}

/** A download's file name: `restrictions-2026-11-28.csv`, `-KE` when for one partner state. */
export function fileName(dataset: TOpenDataset, format: 'csv' | 'json', scope: ReadScope, now: Date): string {
  const country = scope.country ? `-${scope.country}` : '';
  return `${dataset}${country}-${now.toISOString().slice(0, 10)}.${format}`;
}
