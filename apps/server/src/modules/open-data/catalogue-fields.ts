import {
  discriminativeList,
  modeOfSupply,
  nonComplianceTypes,
  notificationStatus,
  restrictionStatus,
  restrictionTypes,
  typeOfMeasureList,
  yesNo,
  type Choice,
  type TOpenDataField,
  type TOpenDataType,
} from '@stp/shared';

// The columns of the catalogue's datasets (restrictions, commitments, notifications) and the helpers every
// dataset's columns are written with; dictionary.ts gathers them (docs/open-data.md). French texts keep a
// narrow no-break space (U+202F) before ; : ? ! as the rest of the portal does.

export type Label = { en: string; fr: string };

/** A column: its name, type and meaning; `values`, `pattern`, bounds and `nullable` as it needs. */
export function field<const N extends string>(
  name: N,
  type: TOpenDataType,
  description: Label,
  extra: Partial<Omit<TOpenDataField, 'name' | 'type' | 'description'>> = {},
): TOpenDataField & { name: N } {
  return { name, type, nullable: false, description, ...extra };
}

export const choicesOf = (list: readonly Choice[]) => list.map(({ value, label }) => ({ value, label }));

const countryCode = '^[A-Z]{2}$';
export const nullable = { nullable: true } as const;

/** The country of a record: a partner state's ISO code. */
export const country = (en: string, fr: string) =>
  field(
    'country',
    'string',
    { en: `${en} (ISO 3166-1 alpha-2 code)`, fr: `${fr} (code ISO 3166-1 alpha-2)` },
    {
      pattern: countryCode,
    },
  );

export const updatedAt = field('updated_at', 'datetime', {
  en: 'When the record was last changed (UTC)',
  fr: 'Date de la dernière modification de l’enregistrement (UTC)',
});

export const yearBounds = { minimum: 1900, maximum: 2100 } as const;

export const restrictionFields = [
  field('slug', 'string', {
    en: 'Identifier of the restriction, as in the address of its page',
    fr: 'Identifiant de la restriction, tel qu’il figure dans l’adresse de sa page',
  }),
  field(
    'url',
    'string',
    { en: 'Address of the restriction’s public page', fr: 'Adresse de la page publique de la restriction' },
    { pattern: '^https?://' },
  ),
  field('title', 'string', {
    en: 'Title of the measure, in English',
    fr: 'Intitulé de la mesure, en anglais',
  }),
  field(
    'title_fr',
    'string',
    {
      en: 'Title of the measure in French; empty when not translated',
      fr: 'Intitulé de la mesure en français\u202f; vide s’il n’est pas traduit',
    },
    nullable,
  ),
  country('Partner state that maintains the measure', 'État partenaire qui maintient la mesure'),
  field('sector', 'string', {
    en: 'Sector of the W/120 classification: its code (such as 1 for business services)',
    fr: 'Secteur de la classification W/120, par son code (comme 1 pour les services fournis aux entreprises)',
  }),
  field(
    'sub_sector',
    'string',
    {
      en: 'Sub-sector of the W/120 classification: its code (such as 1.A)',
      fr: 'Sous-secteur de la classification W/120, par son code (comme 1.A)',
    },
    nullable,
  ),
  field(
    'specific_service',
    'string',
    {
      en: 'Specific service of the W/120 classification: its code (such as 1.A.a)',
      fr: 'Service spécifique de la classification W/120, par son code (comme 1.A.a)',
    },
    nullable,
  ),
  field(
    'policy_area',
    'string',
    {
      en: 'Policy area: its identifier, as listed by /api/policies/',
      fr: 'Domaine de politique, par son identifiant, tel que le liste /api/policies/',
    },
    nullable,
  ),
  field(
    'restriction_type',
    'string',
    { en: 'Type of restriction', fr: 'Type de restriction' },
    { values: choicesOf(restrictionTypes) },
  ),
  field(
    'market_access',
    'string',
    {
      en: 'Whether the measure restricts market access (GATS article XVI)',
      fr: 'La mesure restreint-elle l’accès aux marchés (article XVI de l’AGCS)\u202f?',
    },
    { values: choicesOf(yesNo) },
  ),
  field(
    'national_treatment',
    'string',
    {
      en: 'Whether the measure restricts national treatment (GATS article XVII)',
      fr: 'La mesure restreint-elle le traitement national (article XVII de l’AGCS)\u202f?',
    },
    { values: choicesOf(yesNo) },
  ),
  field(
    'non_compliance_type',
    'string',
    { en: 'How the measure departs from the commitments', fr: 'En quoi la mesure s’écarte des engagements' },
    { ...nullable, values: choicesOf(nonComplianceTypes) },
  ),
  field(
    'discriminative',
    'string',
    {
      en: 'Whether the measure discriminates against foreign suppliers',
      fr: 'La mesure est-elle discriminatoire envers les fournisseurs étrangers\u202f?',
    },
    { ...nullable, values: choicesOf(discriminativeList) },
  ),
  field(
    'measure_type',
    'string',
    { en: 'Kind of legal instrument of the measure', fr: 'Nature de l’instrument juridique de la mesure' },
    { ...nullable, values: choicesOf(typeOfMeasureList) },
  ),
  field(
    'modes_of_supply',
    'array',
    {
      en: 'Modes of supply the measure affects (none, one or several)',
      fr: 'Modes de fourniture concernés par la mesure (aucun, un ou plusieurs)',
    },
    { values: choicesOf(modeOfSupply) },
  ),
  field(
    'restrictiveness_indicator',
    'number',
    {
      en: 'How restrictive the measure is, from 0 (open) to 1 (closed)',
      fr: 'Degré de restrictivité de la mesure, de 0 (ouverte) à 1 (fermée)',
    },
    { ...nullable, minimum: 0, maximum: 1 },
  ),
  field('responsible_agency', 'string', {
    en: 'Ministry or agency responsible for the measure',
    fr: 'Ministère ou agence responsable de la mesure',
  }),
  field('commitments_made', 'string', {
    en: 'Commitments the partner state has made on the matter',
    fr: 'Engagements pris par l’État partenaire en la matière',
  }),
  field('other_dates', 'string', {
    en: 'Other dates that matter for the measure',
    fr: 'Autres dates importantes pour la mesure',
  }),
  field(
    'proposed_removal_year',
    'integer',
    {
      en: 'Year the removal of the measure is proposed for',
      fr: 'Année proposée pour la suppression de la mesure',
    },
    { ...nullable, ...yearBounds },
  ),
  field(
    'year_removed_or_amended',
    'integer',
    {
      en: 'Year the measure was removed or amended',
      fr: 'Année de suppression ou de modification de la mesure',
    },
    { ...nullable, ...yearBounds },
  ),
  field(
    'year_introduced',
    'integer',
    { en: 'Year the measure was introduced', fr: 'Année d’introduction de la mesure' },
    { ...nullable, ...yearBounds },
  ),
  field('text_of_measure', 'string', {
    en: 'Text of the measure, in English',
    fr: 'Texte de la mesure, en anglais',
  }),
  field(
    'text_of_measure_fr',
    'string',
    {
      en: 'Text of the measure in French; empty when not translated',
      fr: 'Texte de la mesure en français\u202f; vide s’il n’est pas traduit',
    },
    nullable,
  ),
  field('remarks', 'string', { en: 'Remarks, in English', fr: 'Remarques, en anglais' }),
  field(
    'remarks_fr',
    'string',
    {
      en: 'Remarks in French; empty when not translated',
      fr: 'Remarques en français\u202f; vides si elles ne sont pas traduites',
    },
    nullable,
  ),
  field(
    'status',
    'string',
    { en: 'Status of the measure', fr: 'Statut de la mesure' },
    { values: choicesOf(restrictionStatus) },
  ),
  updatedAt,
] as const;

export const commitmentFields = [
  country('Partner state that made the commitment', 'État partenaire qui a pris l’engagement'),
  field('sector', 'string', {
    en: 'Sector or sub-sector of the W/120 classification: its code (such as 1 or 1.A)',
    fr: 'Secteur ou sous-secteur de la classification W/120, par son code (comme 1 ou 1.A)',
  }),
  field('committed_to_liberalise', 'boolean', {
    en: 'Whether the partner state has committed to liberalise the sector',
    fr: 'L’État partenaire s’est-il engagé à libéraliser le secteur\u202f?',
  }),
  field(
    'year_committed',
    'integer',
    { en: 'Year of the commitment', fr: 'Année de l’engagement' },
    { ...nullable, ...yearBounds },
  ),
  field('details', 'string', {
    en: 'Details of the commitment, in English',
    fr: 'Précisions sur l’engagement, en anglais',
  }),
  updatedAt,
] as const;

export const notificationFields = [
  field('reference', 'string', { en: 'Reference of the notification', fr: 'Référence de la notification' }),
  field('slug', 'string', {
    en: 'Identifier of the notification in the portal’s API',
    fr: 'Identifiant de la notification dans l’API du portail',
  }),
  country('Partner state that notified the measure', 'État partenaire qui a notifié la mesure'),
  field(
    'sector',
    'string',
    {
      en: 'Sector of the W/120 classification: its code; empty when the measure concerns no one sector',
      fr: 'Secteur de la classification W/120, par son code\u202f; vide si la mesure ne concerne pas un secteur en particulier',
    },
    nullable,
  ),
  field(
    'status',
    'string',
    { en: 'Status of the notified measure', fr: 'Statut de la mesure notifiée' },
    // Drafts are never published.
    { values: choicesOf(notificationStatus.filter((choice) => choice.value !== 'draft')) },
  ),
  field('notification_date', 'date', { en: 'Date of the notification', fr: 'Date de la notification' }),
  field('applicability', 'string', {
    en: 'To whom or what the measure applies',
    fr: 'À qui ou à quoi la mesure s’applique',
  }),
  field('requirement', 'string', { en: 'What the measure requires', fr: 'Ce que la mesure exige' }),
  field('description_of_measure', 'string', {
    en: 'Description of the measure, in English',
    fr: 'Description de la mesure, en anglais',
  }),
  field(
    'description_of_measure_fr',
    'string',
    {
      en: 'Description of the measure in French; empty when not translated',
      fr: 'Description de la mesure en français\u202f; vide si elle n’est pas traduite',
    },
    nullable,
  ),
  updatedAt,
] as const;
