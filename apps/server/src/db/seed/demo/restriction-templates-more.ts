// Templates of joint ventures, work permits, fees and other measures, and the closing sentences shared by all types.

import type { RestrictionType } from '@stp/shared';
import { by, cap, of, pc, the } from './french-words.js';
import type { FrenchText, TemplateParams, TypeTemplates } from './restriction-templates.js';

type Text = (p: TemplateParams) => string;

const jointVenture: TypeTemplates = {
  variants: [
    {
      basis: 'investment',
      policy: 'foreign-entry',
      modes: ['mode_3'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.5, 0.85],
      regulationTopic: 'Investment',
      title: (p) => `Joint venture with a ${p.demonym} partner required for ${p.service}`,
      lead: (p) =>
        `${p.under} foreign suppliers of ${p.service} may only operate through a joint venture in which a ${p.demonym} partner holds at least ${p.localPct}% of the shares.`,
      leadFr: (f, p) =>
        `${f.under} les prestataires étrangers ${f.serviceOf} ne peuvent exercer que par l’intermédiaire d’une coentreprise dans laquelle un partenaire ${f.country.demonym.m} détient au moins ${pc(p.localPct)} des parts.`,
    },
    {
      basis: 'procurement',
      policy: 'discrimination',
      modes: ['mode_3'],
      extraModes: ['mode_1', 'mode_4'],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.4, 0.75],
      regulationTopic: 'Procurement',
      title: (p) => `Local association required for foreign firms bidding for public ${p.service} contracts`,
      lead: (p) =>
        `${p.cite} requires foreign firms bidding for public contracts in ${p.service} to associate with a ${p.demonym} firm that performs at least ${p.localPct}% of the contract value.`,
      leadFr: (f, p) =>
        `${cap(f.cite)} impose aux entreprises étrangères soumissionnant aux marchés publics ${f.serviceOf} de s’associer à une entreprise ${f.country.demonym.f} qui exécute au moins ${pc(p.localPct)} de la valeur du marché.`,
    },
  ],
  details: [
    (p) =>
      `The local partner must be registered with the ${p.agency} and approved before the contract is signed.`,
    () => 'Firms from other partner states are treated as foreign for this purpose.',
    () =>
      'A plan for the transfer of technology and skills must be submitted with the joint venture agreement.',
  ],
  detailsFr: [
    (f) =>
      `Le partenaire local doit être enregistré auprès ${of(f.agency)} et agréé avant la signature du contrat.`,
    () => 'Les entreprises des autres États partenaires sont considérées comme étrangères à cet effet.',
    () =>
      'Un plan de transfert de technologies et de compétences doit être joint à l’accord de coentreprise.',
  ],
};

const workPermit: TypeTemplates = {
  variants: [
    {
      basis: 'immigration',
      policy: 'movement-of-people',
      modes: ['mode_4'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.4, 0.75],
      needsProfession: true,
      regulationTopic: 'Work Permits',
      title: (p) => `Work permits for foreign ${p.practitioners} limited to ${p.years} years`,
      lead: (p) =>
        `${p.under} work permits for foreign ${p.practitioners} employed in ${p.service} are issued for ${p.years} years at most and may be renewed only once.`,
      leadFr: (f, p) =>
        `${f.under} les permis de travail des ${f.practitioners} étrangers employés par des prestataires ${f.serviceOf} sont délivrés pour ${p.years} ans au plus et ne sont renouvelables qu’une fois.`,
    },
    {
      basis: 'labour',
      policy: 'movement-of-people',
      modes: ['mode_4'],
      extraModes: ['mode_3'],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.45, 0.8],
      regulationTopic: 'Employment of Non-Citizens',
      title: (p) => `Labour market test required before hiring foreign staff in ${p.service}`,
      lead: (p) =>
        `${p.cite} requires employers in ${p.service} to advertise each position locally and show that no qualified ${p.demonym} citizen is available before a work permit is issued.`,
      leadFr: (f) =>
        `${cap(f.cite)} impose aux prestataires ${f.serviceOf} qui recrutent de publier chaque offre d’emploi localement et de démontrer qu’aucun citoyen ${f.country.demonym.m} qualifié n’est disponible avant la délivrance d’un permis de travail.`,
    },
    {
      basis: 'immigration',
      policy: 'movement-of-people',
      modes: ['mode_4'],
      extraModes: ['mode_3'],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.35, 0.65],
      regulationTopic: 'Work Permits',
      title: (p) => `Understudy requirement for expatriate staff in ${p.service}`,
      lead: (p) =>
        `${p.under} each expatriate employed in ${p.service} must train a ${p.demonym} understudy who is to take over the position within ${p.years} years.`,
      leadFr: (f, p) =>
        `${f.under} chaque expatrié employé par un prestataire ${f.serviceOf} doit former un homologue ${f.country.demonym.m} appelé à reprendre le poste dans un délai de ${p.years} ans.`,
    },
    {
      basis: 'labour',
      policy: 'movement-of-people',
      modes: ['mode_4'],
      extraModes: ['mode_3'],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.5, 0.85],
      regulationTopic: 'Employment of Non-Citizens',
      title: (p) => `Foreign staff in ${p.service} capped at ${p.staffPct}% of the workforce`,
      lead: (p) =>
        `${p.cite} limits foreign employees to ${p.staffPct}% of the total workforce of any supplier of ${p.service}.`,
      leadFr: (f, p) =>
        `${cap(f.cite)} limite les salariés étrangers à ${pc(p.staffPct)} de l’effectif total de tout prestataire ${f.serviceOf}.`,
    },
  ],
  details: [
    (p) =>
      `Permits are issued by the ${p.immigrationAgency}, and citizens of other partner states are not exempted despite the free movement of workers under the Common Market Protocol.`,
    (p) =>
      `Processing takes up to ${p.weeks} weeks and the applicant may not start work while the application is pending.`,
    () => 'The permit is tied to a single employer and a single position.',
  ],
  detailsFr: [
    (f) =>
      `Les permis sont délivrés ${by(f.immigrationAgency)}, et les citoyens des autres États partenaires n’en sont pas dispensés, malgré la libre circulation des travailleurs prévue par le Protocole sur le marché commun.`,
    (_f, p) =>
      `L’instruction de la demande peut prendre jusqu’à ${p.weeks} semaines, pendant lesquelles le demandeur ne peut pas commencer à travailler.`,
    () => 'Le permis est lié à un seul employeur et à un seul poste.',
  ],
};

const fee: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'discrimination',
      modes: ['mode_3'],
      extraModes: ['mode_1'],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.2, 0.5],
      regulationTopic: 'Fees',
      title: (p) => `Higher licence fee for foreign ${p.service} suppliers`,
      lead: (p) =>
        `${p.under} the annual licence fee for ${p.service} is ${p.money.feeForeign} for foreign-owned suppliers, against ${p.money.feeLocal} for ${p.demonym}-owned suppliers.`,
      leadFr: (f) =>
        `${f.under} la redevance annuelle de licence ${f.serviceOf} s’élève à ${f.money.feeForeign} pour les prestataires à capitaux étrangers, contre ${f.money.feeLocal} pour les prestataires à capitaux ${f.country.demonym.mp}.`,
    },
    {
      basis: 'immigration',
      policy: 'movement-of-people',
      modes: ['mode_4'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.25, 0.55],
      needsProfession: true,
      regulationTopic: 'Fees',
      title: (p) => `Work permit fee of ${p.money.workPermitFee} for foreign ${p.practitioners}`,
      lead: (p) =>
        `${p.cite} sets a work permit fee of ${p.money.workPermitFee} a year for foreign ${p.practitioners}, which also applies to nationals of other partner states.`,
      leadFr: (f) =>
        `${cap(f.cite)} fixe à ${f.money.workPermitFee} par an les frais de permis de travail des ${f.practitioners} étrangers, montant qui s’applique aussi aux ressortissants des autres États partenaires.`,
    },
    {
      basis: 'sector',
      policy: 'discrimination',
      modes: ['mode_3'],
      extraModes: ['mode_1', 'mode_4'],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.25, 0.5],
      regulationTopic: 'Levies',
      title: (p) => `Additional levy on foreign ${p.service} suppliers`,
      lead: (p) =>
        `${p.under} foreign suppliers of ${p.service} pay an additional levy of ${p.levyPct}% of gross turnover that does not apply to domestic suppliers.`,
      leadFr: (f, p) =>
        `${f.under} les prestataires étrangers ${f.serviceOf} acquittent un prélèvement supplémentaire de ${pc(p.levyPct)} du chiffre d’affaires brut, qui ne s’applique pas aux prestataires nationaux.`,
    },
  ],
  details: [
    () => 'The difference is not justified by any additional cost of supervision.',
    () => 'Fees are payable in advance and are not refunded if the application is refused.',
    (p) => `The ${p.agency} has indicated that the fee schedule will be reviewed in the next Finance Act.`,
  ],
  detailsFr: [
    () => 'L’écart n’est justifié par aucun coût de surveillance supplémentaire.',
    () => 'Les frais sont payables d’avance et ne sont pas remboursés en cas de rejet de la demande.',
    (f) =>
      `${cap(the(f.agency))} a indiqué que le barème des redevances sera révisé dans la prochaine loi de finances.`,
  ],
};

const other: TypeTemplates = {
  variants: [
    {
      basis: 'procurement',
      policy: 'discrimination',
      modes: ['mode_3', 'mode_1'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.25, 0.55],
      regulationTopic: 'Procurement',
      title: (p) => `Public procurement preference for local ${p.service} suppliers`,
      lead: (p) =>
        `${p.cite} grants a margin of preference of ${p.prefPct}% to ${p.demonym}-owned suppliers of ${p.service} in the evaluation of public tenders.`,
      leadFr: (f, p) =>
        `${cap(f.cite)} accorde une marge de préférence de ${pc(p.prefPct)} aux prestataires ${f.serviceOf} à capitaux ${f.country.demonym.mp} dans l’évaluation des offres des marchés publics.`,
    },
    {
      basis: 'ict',
      policy: 'regulatory-transparency',
      modes: ['mode_1'],
      extraModes: ['mode_3'],
      discriminatory: 0.3,
      marketAccess: true,
      nationalTreatment: 'when_discriminatory',
      range: [0.3, 0.6],
      regulationTopic: 'Data Protection',
      title: (p) => `Data localisation requirement for ${p.service}`,
      lead: (p) =>
        `${p.under} suppliers of ${p.service} must store and process the personal data of customers in ${p.country} on servers located in the country, unless the ${p.agency} approves a transfer abroad.`,
      leadFr: (f) =>
        `${f.under} les prestataires ${f.serviceOf} doivent stocker et traiter les données personnelles de leurs clients ${f.country.in} sur des serveurs situés dans le pays, sauf si ${the(f.agency)} autorise un transfert à l’étranger.`,
    },
    {
      basis: 'banking',
      policy: 'payments-and-transfers',
      modes: ['mode_1', 'mode_3'],
      extraModes: [],
      discriminatory: 0.5,
      marketAccess: false,
      nationalTreatment: 'when_discriminatory',
      range: [0.2, 0.5],
      regulationTopic: 'Foreign Exchange',
      title: (p) => `Prior approval required to repatriate fees earned from ${p.service}`,
      lead: (p) =>
        `${p.under} transfers abroad of fees, royalties and profits earned from ${p.service} above ${p.money.threshold} a year require the prior approval of the ${p.centralBank}.`,
      leadFr: (f) =>
        `${f.under} les transferts à l’étranger d’honoraires, de redevances et de bénéfices tirés de prestations ${f.serviceOf} au-delà de ${f.money.threshold} par an sont soumis à l’autorisation préalable ${of(f.centralBank)}.`,
    },
    {
      basis: 'companies',
      policy: 'foreign-entry',
      modes: ['mode_3'],
      extraModes: ['mode_4'],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.5, 0.85],
      regulationTopic: 'Subcontracting',
      title: (p) => `Subcontracting in ${p.service} reserved to ${p.demonym}-owned firms`,
      lead: (p) =>
        `${p.cite} reserves subcontracts for ${p.service} in the private sector to companies with a majority of ${p.demonym} capital that are managed by ${p.demonym} nationals.`,
      leadFr: (f) =>
        `${cap(f.cite)} réserve les contrats de sous-traitance ${f.serviceOf} dans le secteur privé aux sociétés à capitaux majoritairement ${f.country.demonym.mp} dirigées par des ressortissants ${f.country.demonym.mp}.`,
    },
  ],
  details: [
    () => 'The measure was not notified to the EAC Secretariat when it was adopted.',
    () => 'Stakeholders were not consulted before the measure entered into force.',
    (p) => `Exemptions can be granted case by case by ${p.minister}.`,
  ],
  detailsFr: [
    () => 'La mesure n’a pas été notifiée au Secrétariat de la CAE lors de son adoption.',
    () => 'Les parties prenantes n’ont pas été consultées avant l’entrée en vigueur de la mesure.',
    (f) => `Des dérogations peuvent être accordées au cas par cas par ${f.minister}.`,
  ],
};

export const moreTemplates: Record<
  Extract<RestrictionType, 'joint_venture' | 'work_permit' | 'discriminatory_fee' | 'other'>,
  TypeTemplates
> = {
  joint_venture: jointVenture,
  work_permit: workPermit,
  discriminatory_fee: fee,
  other,
};

/** Optional sentences on how the measure relates to the Common Market Protocol. */
export const communitySentences: readonly Text[] = [
  () =>
    'The measure applies to service suppliers from other EAC partner states in the same way as to third-country suppliers.',
  (p) =>
    `${p.country} has not scheduled this limitation in its commitments under the Common Market Protocol.`,
  () =>
    'It is inconsistent with Article 16 of the Protocol on the Establishment of the East African Community Common Market on the free movement of services.',
  () => 'Suppliers from other partner states may apply for an exemption, but none has been granted so far.',
];

/** Optional sentences on enforcement. */
export const penaltySentences: readonly Text[] = [
  (p) =>
    `Contravention is an offence punishable by a fine of up to ${p.money.fine}, suspension of the licence, or both.`,
  (p) =>
    `The ${p.agency} may revoke the licence of a supplier that fails to comply within ${p.days} days of a written notice.`,
];

/** The community sentences in French, in the same order. */
export const communitySentencesFr: readonly FrenchText[] = [
  () =>
    'La mesure s’applique aux prestataires de services des autres États partenaires de la CAE de la même manière qu’aux prestataires de pays tiers.',
  (f) =>
    `${cap(f.country.subject)} n’a pas inscrit cette limitation dans ses engagements au titre du Protocole sur le marché commun.`,
  () =>
    'La mesure est incompatible avec l’article 16 du Protocole portant création du marché commun de la Communauté d’Afrique de l’Est, relatif à la libre circulation des services.',
  () =>
    'Les prestataires des autres États partenaires peuvent demander une dérogation, mais aucune n’a été accordée à ce jour.',
];

/** The enforcement sentences in French, in the same order. */
export const penaltySentencesFr: readonly FrenchText[] = [
  (f) =>
    `Toute infraction est passible d’une amende pouvant aller jusqu’à ${f.money.fine}, de la suspension de la licence, ou des deux.`,
  (f, p) =>
    `${cap(the(f.agency))} peut retirer la licence d’un prestataire qui ne se conforme pas à ses obligations dans les ${p.days} jours suivant une mise en demeure écrite.`,
];
