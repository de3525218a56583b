// The public record the demo reviewers wrote when closing a complaint (docs/complaints-public-record.md):
// a summary of the case without the applicant, and how it ended, in English and French.

import { restrictionTypes } from '@stp/shared';
import type { CountryProfile } from './country-profile.js';

type Stage = 'regulator' | 'regional' | 'council';
type Outcome = 'resolved' | 'rejected';

const notes: Record<Outcome, Record<Stage, { en: string; fr: string }>> = {
  resolved: {
    regulator: {
      en: 'The national regulator confirmed that the requirement does not apply to suppliers from the partner states and settled the case.',
      fr: 'Le régulateur national a confirmé que l’exigence ne s’applique pas aux prestataires des États partenaires et a réglé le cas.',
    },
    regional: {
      en: 'After consultations led by the Secretariat, the partner state agreed to waive the requirement for suppliers from the partner states.',
      fr: 'À l’issue de consultations menées par le Secrétariat, l’État partenaire a accepté de lever l’exigence pour les prestataires des États partenaires.',
    },
    council: {
      en: 'The Council directed the partner state to remove the measure; suppliers from the partner states are exempted meanwhile.',
      fr: 'Le Conseil a demandé à l’État partenaire de supprimer la mesure\u202f; les prestataires des États partenaires en sont exemptés dans l’intervalle.',
    },
  },
  rejected: {
    regulator: {
      en: 'The requirement applies equally to nationals and is a legitimate licensing condition, not a barrier under the Common Market Protocol.',
      fr: 'L’exigence s’applique aussi aux nationaux et constitue une condition de licence légitime, non un obstacle au sens du Protocole sur le marché commun.',
    },
    regional: {
      en: 'The documents provided did not show that the requirement was applied because of the supplier’s nationality.',
      fr: 'Les documents fournis ne montrent pas que l’exigence a été appliquée en raison de la nationalité du prestataire.',
    },
    council: {
      en: 'The Council found the measure covered by a limitation the partner state had scheduled and took no further action.',
      fr: 'Le Conseil a constaté que la mesure relève d’une limitation inscrite par l’État partenaire et n’a pas donné suite.',
    },
  },
};

/** The reviewed summary and resolution note of a closed demo complaint (no applicant, none of their words). */
export function publicRecordFor(
  outcome: Outcome,
  stage: Stage,
  restrictionType: string,
  country: Pick<CountryProfile, 'name' | 'nameFr'>,
) {
  const label = restrictionTypes.find((choice) => choice.value === restrictionType)?.label ?? {
    en: 'Other',
    fr: 'Autre',
  };
  const note = notes[outcome][stage];
  return {
    publicSummary: `A supplier from another partner state reported a barrier in ${country.name}. Type of barrier: ${label.en.toLowerCase()}.`,
    publicSummaryFr: `Un prestataire d’un autre État partenaire a signalé un obstacle (${country.nameFr}). Type d’obstacle\u202f: ${label.fr.toLowerCase()}.`,
    resolutionNote: note.en,
    resolutionNoteFr: note.fr,
  };
}
