import type { Locale } from '@stp/shared';

// The feeds' words in English and French. Field names are the restriction view's own labels (the web
// app's catalogue texts, `catalogue.fields`), keyed by the snake_case names versions store.

interface FeedTexts {
  restrictionsTitle: string;
  restrictionsSubtitle: string;
  notificationsTitle: string;
  notificationsSubtitle: string;
  changeType: Record<'created' | 'updated' | 'archived' | 'unarchived', string>;
  changed: string;
  noFieldChanged: string;
  archivedSummary: string;
  restoredSummary: string;
  englishOnly: string;
  empty: string;
  /** A search, quoted. */
  search: (q: string) => string;
  /** A label and what follows it, with the language's colon. */
  colon: (label: string, rest: string) => string;
  /** The start and the end of a range of years or dates. */
  from: (when: string | number) => string;
  until: (when: string | number) => string;
  fields: Record<string, string>;
}

export const feedTexts: Record<Locale, FeedTexts> = {
  en: {
    restrictionsTitle: 'Changes to restrictions',
    restrictionsSubtitle:
      'Restrictions on trade in services added, changed, archived or restored in the catalogue, newest first.',
    notificationsTitle: 'Notifications of measures',
    notificationsSubtitle: 'Measures notified by the partner states, the latest published or changed first.',
    changeType: { created: 'Created', updated: 'Updated', archived: 'Archived', unarchived: 'Restored' },
    changed: 'Changed',
    noFieldChanged: 'No field changed.',
    archivedSummary:
      'Archived: the measure no longer appears in the catalogue; its page stays open, marked archived.',
    restoredSummary: 'Restored: the measure is back in the catalogue.',
    englishOnly: 'English only',
    empty: '(empty)',
    search: (q) => `“${q}”`,
    colon: (label, rest) => `${label}: ${rest}`,
    from: (when) => `from ${when}`,
    until: (when) => `until ${when}`,
    fields: {
      title: 'Title',
      slug: 'Address',
      country_code: 'Country',
      sector_id: 'Sector',
      sub_sector_id: 'Sub Sector',
      specific_service_id: 'Specific Service',
      policy_id: 'Policy area',
      restriction_type: 'Type Of Restriction',
      market_access: 'Restriction On Market Access',
      national_treatment: 'Restriction On National Treatment',
      non_compliance_type: 'Type Of Non-Compliance',
      discriminative: 'Discriminatory or not',
      measure_type: 'Type of measure',
      modes_of_supply: 'Mode Of Supply Affected',
      restrictiveness_indicator: 'Restrictiveness Numerical Indicator',
      responsible_agency: 'Responsible Ministry/Agency',
      commitments_made: 'Commitments Made',
      other_dates: 'Other Dates',
      proposed_removal_year: 'Proposed Year Of Removal',
      year_removed_or_amended: 'Year Measure Was Removed Or Amended',
      year_introduced: 'Year Measure Was Introduced',
      text_of_measure: 'Text Of Measure',
      remarks: 'Remarks',
      title_fr: 'Title (French)',
      text_of_measure_fr: 'Text Of Measure (French)',
      remarks_fr: 'Remarks (French)',
      status: 'Status',
    },
  },
  fr: {
    restrictionsTitle: 'Modifications des restrictions',
    restrictionsSubtitle:
      'Restrictions au commerce des services ajoutées, modifiées, archivées ou restaurées dans le catalogue, les plus récentes d’abord.',
    notificationsTitle: 'Notifications de mesures',
    notificationsSubtitle:
      'Mesures notifiées par les États partenaires, les dernières publiées ou modifiées d’abord.',
    changeType: { created: 'Créée', updated: 'Modifiée', archived: 'Archivée', unarchived: 'Restaurée' },
    changed: 'Modifié',
    noFieldChanged: 'Aucun champ modifié.',
    archivedSummary:
      'Archivée\u202f: la mesure ne figure plus dans le catalogue\u202f; sa page reste consultable, marquée comme archivée.',
    restoredSummary: 'Restaurée\u202f: la mesure figure de nouveau dans le catalogue.',
    englishOnly: 'Anglais uniquement',
    empty: '(vide)',
    search: (q) => `«\u202f${q}\u202f»`,
    colon: (label, rest) => `${label}\u202f: ${rest}`,
    from: (when) => `depuis ${when}`,
    until: (when) => `jusqu’à ${when}`,
    fields: {
      title: 'Titre',
      slug: 'Adresse',
      country_code: 'Pays',
      sector_id: 'Secteur',
      sub_sector_id: 'Sous-secteur',
      specific_service_id: 'Service spécifique',
      policy_id: "Domaine d'action",
      restriction_type: 'Type de restriction',
      market_access: "Restriction à l'accès aux marchés",
      national_treatment: 'Restriction au traitement national',
      non_compliance_type: 'Type de non-conformité',
      discriminative: 'Discriminatoire ou non',
      measure_type: 'Type de mesure',
      modes_of_supply: 'Mode de fourniture concerné',
      restrictiveness_indicator: 'Indicateur numérique de restrictivité',
      responsible_agency: 'Ministère ou organisme responsable',
      commitments_made: 'Engagements pris',
      other_dates: 'Autres dates',
      proposed_removal_year: 'Année de suppression proposée',
      year_removed_or_amended: 'Année de suppression ou de modification de la mesure',
      year_introduced: "Année d'introduction de la mesure",
      text_of_measure: 'Texte de la mesure',
      remarks: 'Remarques',
      title_fr: 'Titre (français)',
      text_of_measure_fr: 'Texte de la mesure (français)',
      remarks_fr: 'Remarques (français)',
      status: 'Statut',
    },
  },
};
