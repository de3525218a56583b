import {
  openDataApiPaths,
  openDataDatasets,
  type TOpenDataDataset,
  type TOpenDataIndex,
  type TOpenDataset,
} from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { siteNames } from '../../web/seo.js';
import { datasetFields, datasetTexts } from './dictionary.js';
import { datasetSources } from './readers.js';

/** The open data's licence (docs/open-data.md): anyone may reuse the data, naming the portal as its source. */
export const openDataLicence = {
  id: 'CC-BY-4.0',
  name: 'Creative Commons Attribution 4.0 International (CC BY 4.0)',
  url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;

/** The date the open data was first published (DCAT `dct:issued`). */
export const openDataIssued = '2026-11-28';

const apiUrl = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}/api${path}`;

/** The last change to each table the datasets are drawn from (hidden records too: an archiving is a change). */
async function lastChanges(db: Executor): Promise<Map<string, string | null>> {
  const tables = [...new Set(Object.values(datasetSources).flat())];
  const select = sql.join(
    tables.map(
      (table) =>
        sql`(select to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from ${sql.identifier(table)}) as ${sql.identifier(table)}`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`select ${select}`);
  const [row] = (result as { rows: Record<string, string | null>[] }).rows;
  return new Map(tables.map((table) => [table, row?.[table] ?? null]));
}

/** The latest of the dataset's sources' changes (ISO strings of one format compare as text). */
function modifiedOf(dataset: TOpenDataset, changes: Map<string, string | null>): string | null {
  const dates = datasetSources[dataset]
    .map((table) => changes.get(table))
    .filter((date): date is string => typeof date === 'string');
  return dates.length === 0 ? null : dates.sort().at(-1)!;
}

/** A dataset's description with its dictionary and the paths of its files. */
function describeDataset(dataset: TOpenDataset, modified: string | null): TOpenDataDataset {
  return {
    id: dataset,
    ...datasetTexts[dataset],
    modified,
    downloads: {
      csv: `/api${openDataApiPaths.csv(dataset)}`,
      json: `/api${openDataApiPaths.json(dataset)}`,
      dictionary: `/api${openDataApiPaths.dictionary(dataset)}`,
    },
    fields: [...datasetFields[dataset]],
  };
}

/** `GET /api/open-data/`: every dataset with its dictionary, the licence and the date of this extract. */
export async function openDataIndex(db: Executor, now = new Date()): Promise<TOpenDataIndex> {
  const changes = await lastChanges(db);
  return {
    licence: { ...openDataLicence },
    extracted_at: now.toISOString(),
    issued: openDataIssued,
    catalog: `/api${openDataApiPaths.catalog}`,
    datasets: openDataDatasets.map((dataset) => describeDataset(dataset, modifiedOf(dataset, changes))),
  };
}

/** `dictionary.json`: one dataset's data dictionary, as the page shows it. */
export function dictionaryDocument(dataset: TOpenDataset) {
  const { title, description } = datasetTexts[dataset];
  return { dataset, title, description, license: openDataLicence.url, fields: datasetFields[dataset] };
}

const inLanguages = (label: { en: string; fr: string }) => [
  { '@language': 'en', '@value': label.en },
  { '@language': 'fr', '@value': label.fr },
];

const mediaTypes = { csv: 'text/csv', json: 'application/json' } as const;

/**
 * `catalog.json`: the datasets as a DCAT catalogue in JSON-LD (W3C DCAT 3): each a `dcat:Dataset` with
 * its CSV and JSON `dcat:Distribution`s, each conforming to the dataset's dictionary.
 */
export async function dcatCatalog(db: Executor, publicUrl: string) {
  const changes = await lastChanges(db);
  const page = `${publicUrl.replace(/\/$/, '')}/public/open-data`;
  const licence = { '@id': openDataLicence.url };
  const datasets = openDataDatasets.map((dataset) => {
    const { title, description } = datasetTexts[dataset];
    const modified = modifiedOf(dataset, changes);
    const dictionary = { '@id': apiUrl(publicUrl, openDataApiPaths.dictionary(dataset)) };
    return {
      '@id': `${page}#${dataset}`,
      '@type': 'dcat:Dataset',
      'dct:identifier': dataset,
      'dct:title': inLanguages(title),
      'dct:description': inLanguages(description),
      'dct:issued': { '@value': openDataIssued, '@type': 'xsd:date' },
      ...(modified ? { 'dct:modified': { '@value': modified, '@type': 'xsd:dateTime' } } : {}),
      'dct:license': licence,
      'dct:language': ['en', 'fr'],
      'dcat:landingPage': { '@id': `${page}#${dataset}` },
      'dcat:distribution': (['csv', 'json'] as const).map((format) => ({
        '@type': 'dcat:Distribution',
        'dct:title': inLanguages({
          en: `${title.en} (${format.toUpperCase()})`,
          fr: `${title.fr} (${format.toUpperCase()})`,
        }),
        'dcat:mediaType': mediaTypes[format],
        'dcat:downloadURL': {
          '@id': apiUrl(publicUrl, openDataApiPaths[format](dataset)),
        },
        'dct:license': licence,
        'dct:conformsTo': dictionary,
      })),
    };
  });
  return {
    '@context': {
      dcat: 'http://www.w3.org/ns/dcat#',
      dct: 'http://purl.org/dc/terms/',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
    },
    '@id': apiUrl(publicUrl, openDataApiPaths.catalog),
    '@type': 'dcat:Catalog',
    'dct:title': inLanguages({
      en: `${siteNames.en}: open data`,
      fr: `${siteNames.fr}\u202f: données ouvertes`,
    }),
    'dct:issued': { '@value': openDataIssued, '@type': 'xsd:date' },
    'dct:license': licence,
    'dcat:landingPage': { '@id': page },
    'dcat:dataset': datasets,
  };
}
