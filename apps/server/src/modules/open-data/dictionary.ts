import {
  complaintStatus,
  metricDimensions,
  metricNames,
  type TOpenDataField,
  type TOpenDataset,
} from '@stp/shared';
import {
  choicesOf,
  commitmentFields,
  country,
  field,
  notificationFields,
  nullable,
  restrictionFields,
  yearBounds,
  type Label,
} from './catalogue-fields.js';

/*
 * The data dictionary of every open dataset (issue 34, item 7; docs/open-data.md): the one place its
 * columns are named, typed, explained and bounded. The CSV header, the JSON field list, the dictionary
 * file, the page's dictionary and the DCAT catalogue are all derived from these lists, in this order.
 * French texts keep a narrow no-break space (U+202F) before ; : ? ! as the rest of the portal does.
 */

/** What each whitelisted metric computes (reports/metrics.ts). */
const metricLabels: Record<(typeof metricNames)[number], Label> = {
  restrictiveness_index: {
    en: 'Average restrictiveness of the measures in force',
    fr: 'Restrictivité moyenne des mesures en vigueur',
  },
  restrictions_by_country: { en: 'Restrictions by partner state', fr: 'Restrictions par État partenaire' },
  restrictions_by_sector: { en: 'Restrictions by sector', fr: 'Restrictions par secteur' },
  restrictions_by_mode: { en: 'Restrictions by mode of supply', fr: 'Restrictions par mode de fourniture' },
  restrictions_by_policy_area: {
    en: 'Restrictions by policy area',
    fr: 'Restrictions par domaine de politique',
  },
  restrictions_by_type: { en: 'Restrictions by type', fr: 'Restrictions par type' },
  restrictions_total: { en: 'Number of restrictions', fr: 'Nombre de restrictions' },
  measures_per_year: {
    en: 'Measures introduced and removed each year',
    fr: 'Mesures introduites et supprimées chaque année',
  },
  commitments_by_country: { en: 'Sectors committed to liberalise', fr: 'Secteurs à libéraliser' },
  complaints_by_status: { en: 'Complaints by status', fr: 'Plaintes par statut' },
};

const dimensionLabels: Record<string, Label> = {
  country: { en: 'Partner state', fr: 'État partenaire' },
  country_sector: { en: 'Sector, within the partner state', fr: 'Secteur, dans l’État partenaire' },
  sector: { en: 'Sector', fr: 'Secteur' },
  mode_of_supply: { en: 'Mode of supply', fr: 'Mode de fourniture' },
  policy_area: { en: 'Policy area', fr: 'Domaine de politique' },
  restriction_type: { en: 'Type of restriction', fr: 'Type de restriction' },
  none: { en: 'None: the overall figure', fr: 'Aucune\u202f: le chiffre global' },
  year: { en: 'Year', fr: 'Année' },
  status: { en: 'Status', fr: 'Statut' },
};
const dimensions = [...new Set(Object.values(metricDimensions).flat())];

const indicatorFields = [
  field('indicator', 'string', {
    en: 'Identifier of the indicator, as in the address of its page',
    fr: 'Identifiant de l’indicateur, tel qu’il figure dans l’adresse de sa page',
  }),
  field(
    'metric',
    'string',
    { en: 'What the indicator computes', fr: 'Ce que calcule l’indicateur' },
    { values: metricNames.map((value) => ({ value, label: metricLabels[value] })) },
  ),
  country('Partner state the value is computed for', 'État partenaire pour lequel la valeur est calculée'),
  field(
    'dimension',
    'string',
    { en: 'What the categories of the indicator are', fr: 'Nature des catégories de l’indicateur' },
    {
      values: dimensions.map((value) => ({
        value,
        label: dimensionLabels[value] ?? { en: value, fr: value },
      })),
    },
  ),
  field('category', 'string', {
    en: 'The category: a partner state, sector, mode, policy area or type code, a year, a status, or "total"',
    fr: 'La catégorie\u202f: code d’un État partenaire, d’un secteur, d’un mode, d’un domaine ou d’un type, une année, un statut, ou « total »',
  }),
  field('category_en', 'string', {
    en: 'Name of the category in English',
    fr: 'Nom de la catégorie en anglais',
  }),
  field('category_fr', 'string', {
    en: 'Name of the category in French',
    fr: 'Nom de la catégorie en français',
  }),
  field('series', 'string', {
    en: 'The series: the metric itself, or "introduced" and "removed_or_amended" for the measures per year, or the partner state for the index by sector',
    fr: 'La série\u202f: la mesure elle-même, ou « introduced » et « removed_or_amended » pour les mesures par année, ou l’État partenaire pour l’indice par secteur',
  }),
  field(
    'value',
    'number',
    {
      en: 'The value; empty where nothing is recorded',
      fr: 'La valeur\u202f; vide là où rien n’est recensé',
    },
    { ...nullable, minimum: 0 },
  ),
  field(
    'unit',
    'string',
    { en: 'Unit of the value', fr: 'Unité de la valeur' },
    {
      values: [
        { value: 'count', label: { en: 'A number of records', fr: 'Un nombre d’enregistrements' } },
        {
          value: 'index',
          label: { en: 'An index from 0 (open) to 1 (closed)', fr: 'Un indice de 0 (ouvert) à 1 (fermé)' },
        },
      ],
    },
  ),
] as const;

const complaintStatisticsFields = [
  country('Partner state the complaints are about', 'État partenaire visé par les plaintes'),
  field(
    'year',
    'integer',
    { en: 'Year the complaints were lodged (UTC)', fr: 'Année de dépôt des plaintes (UTC)' },
    yearBounds,
  ),
  field(
    'status',
    'string',
    { en: 'Status of the complaints', fr: 'Statut des plaintes' },
    { values: choicesOf(complaintStatus) },
  ),
  field(
    'complaints',
    'integer',
    {
      en: 'Number of complaints of this partner state, year and status',
      fr: 'Nombre de plaintes de cet État partenaire, de cette année et de ce statut',
    },
    { minimum: 1 },
  ),
] as const;

/** Every dataset's columns, in file order. */
export const datasetFields = {
  restrictions: restrictionFields,
  commitments: commitmentFields,
  notifications: notificationFields,
  indicators: indicatorFields,
  'complaint-statistics': complaintStatisticsFields,
} as const satisfies Record<TOpenDataset, readonly TOpenDataField[]>;

/** A record of a dataset: one value per column, keyed by the column's name. */
export type RecordOf<D extends TOpenDataset> = {
  [K in (typeof datasetFields)[D][number]['name']]: OpenValue;
};
export type OpenValue = string | number | boolean | null | readonly string[];

/** Each dataset's title and description (the page, the dictionary file, the catalogue). */
export const datasetTexts: Record<TOpenDataset, { title: Label; description: Label }> = {
  restrictions: {
    title: { en: 'Restrictions on trade in services', fr: 'Restrictions au commerce des services' },
    description: {
      en: 'Every published measure of the partner states that restricts trade in services, with its classification, modes of supply, restrictiveness and status.',
      fr: 'Toutes les mesures publiées des États partenaires qui restreignent le commerce des services, avec leur classification, leurs modes de fourniture, leur restrictivité et leur statut.',
    },
  },
  commitments: {
    title: { en: 'Commitments to liberalise', fr: 'Engagements de libéralisation' },
    description: {
      en: 'For each partner state and sector, whether the state has committed to liberalise it, and when.',
      fr: 'Pour chaque État partenaire et chaque secteur, si l’État s’est engagé à le libéraliser, et quand.',
    },
  },
  notifications: {
    title: { en: 'Notifications of measures', fr: 'Notifications de mesures' },
    description: {
      en: 'The measures the partner states have notified (drafts excluded).',
      fr: 'Les mesures notifiées par les États partenaires (brouillons exclus).',
    },
  },
  indicators: {
    title: { en: 'Indicators by partner state', fr: 'Indicateurs par État partenaire' },
    description: {
      en: 'The values of every published indicator, computed for each partner state, by category.',
      fr: 'Les valeurs de chaque indicateur publié, calculées pour chaque État partenaire, par catégorie.',
    },
  },
  'complaint-statistics': {
    title: { en: 'Complaint statistics', fr: 'Statistiques des plaintes' },
    description: {
      en: 'The number of complaints by partner state, year and status. Counts only: nothing about the applicants or the content of the complaints.',
      fr: 'Le nombre de plaintes par État partenaire, année et statut. Des comptes uniquement\u202f: rien sur les plaignants ni sur le contenu des plaintes.',
    },
  },
};
