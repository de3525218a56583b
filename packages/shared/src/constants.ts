/** A choice of a constants list (spec 3 `constants`): a stored value and its label in each language. */
export interface Choice<V extends string = string> {
  value: V;
  label: { en: string; fr: string };
}

function choices<const V extends string>(list: readonly Choice<V>[]): readonly Choice<V>[] {
  return list;
}

/** Values of a choice list, as a tuple for zod enums and database check constraints. */
export function choiceValues<V extends string>(list: readonly Choice<V>[]): [V, ...V[]] {
  const values = list.map((choice) => choice.value);
  if (values.length === 0) throw new Error('A choice list cannot be empty');
  return values as [V, ...V[]];
}

// The languages moved to locales.ts (the web app's first load needs them without these lists), and the
// date formats and currency the web app's formatting uses (its screens need them without these lists);
// the package's modules that import them from here still find them.
export { dateFormats, defaultCurrency, supportedLocales } from './locales.js';

export const restrictionTypes = choices([
  {
    value: 'foreign_equity_limit',
    label: { en: 'Foreign equity limit', fr: 'Limitation de la participation étrangère' },
  },
  {
    value: 'nationality_requirement',
    label: { en: 'Nationality requirement', fr: 'Condition de nationalité' },
  },
  { value: 'residency_requirement', label: { en: 'Residency requirement', fr: 'Condition de résidence' } },
  {
    value: 'local_presence',
    label: { en: 'Local presence requirement', fr: 'Obligation de présence locale' },
  },
  { value: 'licensing', label: { en: 'Licensing requirement', fr: 'Exigence de licence' } },
  { value: 'qualification', label: { en: 'Qualification requirement', fr: 'Exigence de qualification' } },
  { value: 'quantitative_limit', label: { en: 'Quantitative limit', fr: 'Limitation quantitative' } },
  {
    value: 'economic_needs_test',
    label: { en: 'Economic needs test', fr: 'Examen des besoins économiques' },
  },
  { value: 'joint_venture', label: { en: 'Joint venture requirement', fr: 'Obligation de coentreprise' } },
  { value: 'work_permit', label: { en: 'Work permit restriction', fr: 'Restriction de permis de travail' } },
  {
    value: 'discriminatory_fee',
    label: { en: 'Discriminatory fee or tax', fr: 'Redevance ou taxe discriminatoire' },
  },
  { value: 'other', label: { en: 'Other', fr: 'Autre' } },
]);

export const nonComplianceTypes = choices([
  {
    value: 'inconsistent_with_commitment',
    label: { en: 'Inconsistent with a commitment', fr: 'Incompatible avec un engagement' },
  },
  { value: 'not_scheduled', label: { en: 'Not scheduled', fr: 'Non inscrit dans la liste' } },
  { value: 'standstill_breach', label: { en: 'Breach of standstill', fr: 'Violation du statu quo' } },
  {
    value: 'discriminatory_practice',
    label: { en: 'Discriminatory practice', fr: 'Pratique discriminatoire' },
  },
  { value: 'other', label: { en: 'Other', fr: 'Autre' } },
]);

export const modeOfSupply = choices([
  {
    value: 'mode_1',
    label: { en: 'Mode 1: Cross-border supply', fr: 'Mode 1 : Fourniture transfrontières' },
  },
  { value: 'mode_2', label: { en: 'Mode 2: Consumption abroad', fr: "Mode 2 : Consommation à l'étranger" } },
  { value: 'mode_3', label: { en: 'Mode 3: Commercial presence', fr: 'Mode 3 : Présence commerciale' } },
  {
    value: 'mode_4',
    label: { en: 'Mode 4: Presence of natural persons', fr: 'Mode 4 : Présence de personnes physiques' },
  },
]);

export const discriminativeList = choices([
  { value: 'discriminatory', label: { en: 'Discriminatory', fr: 'Discriminatoire' } },
  { value: 'non_discriminatory', label: { en: 'Non-discriminatory', fr: 'Non discriminatoire' } },
]);

export const typeOfMeasureList = choices([
  { value: 'law', label: { en: 'Law', fr: 'Loi' } },
  { value: 'regulation', label: { en: 'Regulation', fr: 'Règlement' } },
  {
    value: 'administrative_practice',
    label: { en: 'Administrative practice', fr: 'Pratique administrative' },
  },
  { value: 'policy', label: { en: 'Policy', fr: 'Politique' } },
  { value: 'licence_condition', label: { en: 'Licence condition', fr: 'Condition de licence' } },
]);

export const yesNo = choices([
  { value: 'yes', label: { en: 'Yes', fr: 'Oui' } },
  { value: 'no', label: { en: 'No', fr: 'Non' } },
]);

export const notificationStatus = choices([
  { value: 'draft', label: { en: 'Draft', fr: 'Brouillon' } },
  { value: 'notified', label: { en: 'Notified', fr: 'Notifiée' } },
  { value: 'in_force', label: { en: 'In force', fr: 'En vigueur' } },
  { value: 'withdrawn', label: { en: 'Withdrawn', fr: 'Retirée' } },
]);

export const complaintStatus = choices([
  { value: 'submitted', label: { en: 'Submitted', fr: 'Soumise' } },
  { value: 'in_review', label: { en: 'In review', fr: "En cours d'examen" } },
  {
    value: 'information_requested',
    label: { en: 'More information requested', fr: "Complément d'information demandé" },
  },
  { value: 'resolved', label: { en: 'Resolved', fr: 'Résolue' } },
  { value: 'rejected', label: { en: 'Rejected', fr: 'Rejetée' } },
  // A duplicate merged into another complaint (docs/complaint-duplicates.md).
  { value: 'merged', label: { en: 'Merged into another complaint', fr: 'Fusionnée avec une autre plainte' } },
]);

export const restrictionStatus = choices([
  { value: 'in_force', label: { en: 'In force', fr: 'En vigueur' } },
  { value: 'scheduled_for_removal', label: { en: 'Scheduled for removal', fr: 'Suppression prévue' } },
  { value: 'amended', label: { en: 'Amended', fr: 'Modifiée' } },
  { value: 'removed', label: { en: 'Removed', fr: 'Supprimée' } },
]);

export const reportDisplayTypes = choices([
  { value: 'bar', label: { en: 'Bar chart', fr: 'Diagramme en barres' } },
  { value: 'line', label: { en: 'Line chart', fr: 'Graphique linéaire' } },
  { value: 'pie', label: { en: 'Pie chart', fr: 'Diagramme circulaire' } },
  { value: 'table', label: { en: 'Table', fr: 'Tableau' } },
  { value: 'key_figure', label: { en: 'Key figure', fr: 'Chiffre clé' } },
  { value: 'embed', label: { en: 'External embed', fr: 'Contenu externe intégré' } },
]);

export const pageStatus = choices([
  { value: 'draft', label: { en: 'Draft', fr: 'Brouillon' } },
  { value: 'published', label: { en: 'Published', fr: 'Publiée' } },
]);

/** Who published an update of a restriction (spec 3: "an update by the partner state or the community"). */
export const restrictionUpdateSources = choices([
  { value: 'partner_state', label: { en: 'Partner state', fr: 'État partenaire' } },
  { value: 'community', label: { en: 'Community', fr: 'Communauté' } },
]);

/** What kind of document a publication is (the publications list filters by it). */
export const publicationTypes = choices([
  { value: 'report', label: { en: 'Report', fr: 'Rapport' } },
  { value: 'study', label: { en: 'Study', fr: 'Étude' } },
  { value: 'policy_brief', label: { en: 'Policy brief', fr: 'Note d’orientation' } },
  { value: 'guide', label: { en: 'Guide', fr: 'Guide' } },
]);
export type PublicationType = (typeof publicationTypes)[number]['value'];

export type RestrictionType = (typeof restrictionTypes)[number]['value'];
export type ComplaintStatus = (typeof complaintStatus)[number]['value'];
export type PageStatus = (typeof pageStatus)[number]['value'];

/** The eleven fixed lists of the constants call; `countries` (the twelfth) comes from the database. */
export const choiceLists = {
  restrictionTypes,
  nonComplianceTypes,
  modeOfSupply,
  discriminativeList,
  typeOfMeasureList,
  yesNo,
  notificationStatus,
  complaintStatus,
  restrictionStatus,
  reportDisplayTypes,
  pageStatus,
} as const;

/** A country as the constants call gives it. */
export interface CountryChoice {
  code: string;
  name: { en: string; fr: string };
  partner_state: boolean;
}

/** Server limits the web app checks before sending (the upload size in MB). */
export interface ClientLimits {
  uploadMaxMb: number;
}

export type ConstantsResponse = { countries: CountryChoice[]; limits: ClientLimits } & {
  [K in keyof typeof choiceLists]: (typeof choiceLists)[K];
};

/** Spec 5 / 9: the range a date picker accepts. */
export const dateRange = { min: '1900-01-01', max: '2099-12-31' } as const;
/** Spec 9: the session storage key that holds where to go after login. */
export const loginRedirectKey = '__login_redirect';
