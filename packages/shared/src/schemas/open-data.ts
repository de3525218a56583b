// The open data's contract (issue 34, item 7): the datasets, their files and data dictionaries. The
// dictionaries themselves are defined once, on the server (apps/server/src/modules/open-data/), and
// reach the page through `GET /api/open-data/`.

/** The open datasets, in the order the page and the catalogue list them. */
export const openDataDatasets = [
  'restrictions',
  'commitments',
  'notifications',
  'indicators',
  'complaint-statistics',
] as const;
export type TOpenDataset = (typeof openDataDatasets)[number];

/** API paths of the open data, relative to the `/api/` prefix. */
export const openDataApiPaths = {
  index: '/open-data/',
  catalog: '/open-data/catalog.json',
  csv: (dataset: TOpenDataset) => `/open-data/${dataset}/data.csv`,
  json: (dataset: TOpenDataset) => `/open-data/${dataset}/data.json`,
  dictionary: (dataset: TOpenDataset) => `/open-data/${dataset}/dictionary.json`,
} as const;

/**
 * A column's type: JSON's and Table Schema's names. `date` is `YYYY-MM-DD`, `datetime` ISO 8601 in UTC
 * (`2026-11-28T09:15:00Z`), `array` a list of codes (in CSV joined by `;`).
 */
export type TOpenDataType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'array';

/** One column of a dataset's data dictionary. */
export interface TOpenDataField {
  name: string;
  type: TOpenDataType;
  /** Whether the column may be empty (`null` in JSON, an empty cell in CSV). */
  nullable: boolean;
  description: { en: string; fr: string };
  /** The only values the column (or each item of an `array`) takes, each with its meaning. */
  values?: { value: string; label: { en: string; fr: string } }[];
  /** A regular expression every (non-empty) value matches. */
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

/** A dataset as `GET /api/open-data/` describes it. */
export interface TOpenDataDataset {
  id: TOpenDataset;
  title: { en: string; fr: string };
  description: { en: string; fr: string };
  /** The last change to the records it is drawn from (ISO 8601), null when there are none. */
  modified: string | null;
  /** Paths of its files (under `/api/`). */
  downloads: { csv: string; json: string; dictionary: string };
  fields: TOpenDataField[];
}

/** `GET /api/open-data/`: every dataset with its dictionary, the licence and the date of the extract. */
export interface TOpenDataIndex {
  licence: { id: string; name: string; url: string };
  /** When this answer was extracted from the database (ISO 8601); each file is extracted when downloaded. */
  extracted_at: string;
  /** The date the open data was first published (YYYY-MM-DD). */
  issued: string;
  catalog: string;
  datasets: TOpenDataDataset[];
}
