// Title and text templates per restriction type. A variant pairs a title with the opening sentence that
// states the measure; the details add a procedural sentence. Plain functions: the generator must be fast.

import type { RestrictionType } from '@stp/shared';
import type { CountryProfile } from './country-profile.js';
import { cap, of, pc, the, to, by, type FrenchCountry, type NounPhrase } from './french-words.js';
import type { LawKey } from './sector-labels.js';

export type Mode = 'mode_1' | 'mode_2' | 'mode_3' | 'mode_4';

/** Policy areas in the order of seed/data/policy-areas.ts; variants refer to them by index. */
export const policyOrder = [
  'foreign-entry',
  'movement-of-people',
  'discrimination',
  'competition',
  'regulatory-transparency',
  'licensing-and-qualifications',
  'payments-and-transfers',
] as const;
export type PolicySlug = (typeof policyOrder)[number];

export interface TemplateParams {
  country: string;
  demonym: string;
  service: string;
  practitioners: string;
  act: string;
  agency: string;
  /** The legal basis as a subject: "Section 12 of the Advocates Act (Cap. 16)". */
  cite: string;
  /** The legal basis as an opening clause: "Under Section 12 of the Advocates Act (Cap. 16),". */
  under: string;
  companiesAct: string;
  companiesAgency: string;
  immigrationAgency: string;
  centralBank: string;
  minister: string;
  capital: string;
  money: CountryProfile['money'];
  pct: number;
  localPct: number;
  staffPct: number;
  prefPct: number;
  levyPct: number;
  years: number;
  months: number;
  days: number;
  weeks: number;
  count: number;
  year: number;
}

type Text = (p: TemplateParams) => string;

/** The French words of a text of measure (the numbers come from the English parameters). */
export interface FrenchTextParams {
  country: FrenchCountry;
  /** The service as a noun phrase ('services juridiques') and after "de" ('de services juridiques'). */
  service: string;
  serviceOf: string;
  practitioners: string;
  /** The legal basis as a subject, lower case: "l’article 12 de l’Advocates Act (Cap. 16)". */
  cite: string;
  /** The legal basis as an opening clause: "En vertu de l’article 12 de l’Advocates Act (Cap. 16),". */
  under: string;
  agency: NounPhrase;
  companiesAct: NounPhrase;
  companiesAgency: NounPhrase;
  immigrationAgency: NounPhrase;
  centralBank: NounPhrase;
  minister: string;
  money: CountryProfile['money'];
}

/** A French text from its French words and the English parameters' numbers. */
export type FrenchText = (f: FrenchTextParams, p: TemplateParams) => string;

export interface Variant {
  /** Which law the measure rests on: the sector's own law or a general one. */
  basis: LawKey | 'sector';
  policy: PolicySlug;
  modes: readonly Mode[];
  /** Modes one of which may be added (a row has one to three modes). */
  extraModes: readonly Mode[];
  /** Probability that the measure discriminates against foreign suppliers. */
  discriminatory: number;
  marketAccess: boolean;
  /** National treatment limitation: always, never, or when the measure is discriminatory. */
  nationalTreatment: boolean | 'when_discriminatory';
  /** Range of the restrictiveness indicator for the measure in force. */
  range: readonly [number, number];
  /** The variant speaks of professionals and needs a name for them. */
  needsProfession?: boolean;
  /** Topic of implementing regulations, e.g. 'Licensing' in "Insurance (Licensing) Regulations 2015". */
  regulationTopic: string;
  title: Text;
  lead: Text;
  /** The lead in French. */
  leadFr: FrenchText;
}

export interface TypeTemplates {
  variants: readonly Variant[];
  details: readonly Text[];
  /** The details in French, in the same order. */
  detailsFr: readonly FrenchText[];
}

const equity: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'foreign-entry',
      modes: ['mode_3'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.5, 0.9],
      regulationTopic: 'Licensing',
      title: (p) => `Foreign equity in ${p.service} limited to ${p.pct}%`,
      lead: (p) =>
        `${p.cite} provides that a licence for ${p.service} may only be granted to a company in which foreign shareholding does not exceed ${p.pct}% of the issued share capital.`,
      leadFr: (f, p) =>
        `${cap(f.cite)} dispose qu’une licence ${f.serviceOf} ne peut être accordée qu’à une société dont la participation étrangère n’excède pas ${pc(p.pct)} du capital social émis.`,
    },
    {
      basis: 'sector',
      policy: 'foreign-entry',
      modes: ['mode_3'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.45, 0.85],
      regulationTopic: 'Local Ownership',
      title: (p) => `Minimum ${p.localPct}% ${p.demonym} ownership required for ${p.service} licensees`,
      lead: (p) =>
        `${p.under} at least ${p.localPct}% of the shares of a company supplying ${p.service} must be held by ${p.demonym} citizens or by companies wholly owned by ${p.demonym} citizens.`,
      leadFr: (f, p) =>
        `${f.under} au moins ${pc(p.localPct)} des actions de toute société prestataire ${f.serviceOf} doivent être détenues par des citoyens ${f.country.demonym.mp} ou par des sociétés entièrement détenues par des citoyens ${f.country.demonym.mp}.`,
    },
    {
      basis: 'investment',
      policy: 'foreign-entry',
      modes: ['mode_3'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.4, 0.8],
      regulationTopic: 'Investment',
      title: (p) => `Foreign shareholding in ${p.service} providers capped at ${p.pct}%`,
      lead: (p) =>
        `${p.under} foreign investors may not hold more than ${p.pct}% of the voting rights in a locally incorporated supplier of ${p.service}.`,
      leadFr: (f, p) =>
        `${f.under} les investisseurs étrangers ne peuvent détenir plus de ${pc(p.pct)} des droits de vote d’un prestataire ${f.serviceOf} constitué localement.`,
    },
  ],
  details: [
    (p) =>
      `Any transfer of shares that would take foreign ownership above the ceiling requires the prior written approval of the ${p.agency}.`,
    (p) =>
      `Existing licensees were given ${p.years} years to comply, after which the ${p.agency} may suspend or revoke the licence.`,
    (p) =>
      `Licensees must file an annual shareholding declaration with the ${p.agency}, certified by the company secretary.`,
  ],
  detailsFr: [
    (f) =>
      `Toute cession d’actions qui porterait la participation étrangère au-delà du plafond est soumise à l’autorisation écrite préalable ${of(f.agency)}.`,
    (f, p) =>
      `Les titulaires de licence existants disposaient d’un délai de ${p.years} ans pour se mettre en conformité, à l’issue duquel ${the(f.agency)} peut suspendre ou retirer la licence.`,
    (f) =>
      `Les titulaires de licence déposent chaque année auprès ${of(f.agency)} une déclaration d’actionnariat certifiée par le secrétaire de la société.`,
  ],
};

const nationality: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'discrimination',
      modes: ['mode_4'],
      extraModes: ['mode_1'],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.7, 1],
      needsProfession: true,
      regulationTopic: 'Practising Certificates',
      title: (p) => `Only ${p.demonym} citizens may be licensed to provide ${p.service}`,
      lead: (p) =>
        `${p.cite} reserves practising licences for ${p.service} to ${p.demonym} citizens, so ${p.practitioners} from other partner states cannot be admitted in their own name.`,
      leadFr: (f) =>
        `${cap(f.cite)} réserve aux citoyens ${f.country.demonym.mp} les licences d’exercice ${f.serviceOf}, de sorte que les ${f.practitioners} des autres États partenaires ne peuvent être admis à exercer en leur nom propre.`,
    },
    {
      basis: 'sector',
      policy: 'discrimination',
      modes: ['mode_3'],
      extraModes: ['mode_4'],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.5, 0.8],
      regulationTopic: 'Corporate Governance',
      title: (p) => `Majority of directors of ${p.service} firms must be ${p.demonym} citizens`,
      lead: (p) =>
        `${p.under} a majority of the board of directors of any company supplying ${p.service} must be ${p.demonym} citizens ordinarily resident in ${p.country}.`,
      leadFr: (f) =>
        `${f.under} la majorité des membres du conseil d’administration de toute société prestataire ${f.serviceOf} doivent être des citoyens ${f.country.demonym.mp} résidant habituellement ${f.country.in}.`,
    },
    {
      basis: 'sector',
      policy: 'discrimination',
      modes: ['mode_4'],
      extraModes: ['mode_3'],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.55, 0.85],
      regulationTopic: 'Licensing',
      title: (p) => `Chief executive of ${p.service} providers must be a ${p.demonym} national`,
      lead: (p) =>
        `${p.cite} requires the chief executive and the principal officer of every licensed supplier of ${p.service} to hold ${p.demonym} nationality.`,
      leadFr: (f) =>
        `${cap(f.cite)} exige que le directeur général et le dirigeant principal de tout prestataire agréé ${f.serviceOf} aient la nationalité ${f.country.demonym.f}.`,
    },
  ],
  details: [
    (p) =>
      `The ${p.agency} does not accept the citizenship of another EAC partner state as equivalent for this purpose.`,
    () =>
      'Foreign nationals may only act as consultants under the supervision of a licensed national and may not sign off work in their own name.',
    (p) =>
      `A waiver may be granted by ${p.minister} on the recommendation of the ${p.agency}, but no criteria for waivers have been published.`,
  ],
  detailsFr: [
    (f) =>
      `${cap(the(f.agency))} ne reconnaît pas à cet effet la citoyenneté d’un autre État partenaire de la CAE comme équivalente.`,
    () =>
      'Les ressortissants étrangers ne peuvent intervenir qu’en qualité de consultants, sous la supervision d’un national agréé, et ne peuvent signer aucun travail en leur nom propre.',
    (f) =>
      `Une dérogation peut être accordée par ${f.minister} sur recommandation ${of(f.agency)}, mais aucun critère d’octroi n’a été publié.`,
  ],
};

const residency: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'discrimination',
      modes: ['mode_4'],
      extraModes: ['mode_1'],
      discriminatory: 0.9,
      marketAccess: false,
      nationalTreatment: 'when_discriminatory',
      range: [0.4, 0.75],
      needsProfession: true,
      regulationTopic: 'Registration',
      title: (p) => `Residence requirement for ${p.practitioners} supplying ${p.service}`,
      lead: (p) =>
        `${p.under} ${p.practitioners} may only be registered to supply ${p.service} if they have been ordinarily resident in ${p.country} for at least ${p.months} months before the application.`,
      leadFr: (f, p) =>
        `${f.under} les ${f.practitioners} ne peuvent être inscrits comme prestataires ${f.serviceOf} que s’ils ont résidé habituellement ${f.country.in} pendant au moins ${p.months} mois avant leur demande.`,
    },
    {
      basis: 'sector',
      policy: 'discrimination',
      modes: ['mode_3'],
      extraModes: ['mode_4'],
      discriminatory: 0.8,
      marketAccess: false,
      nationalTreatment: 'when_discriminatory',
      range: [0.3, 0.6],
      regulationTopic: 'Licensing',
      title: (p) => `Principal officer of ${p.service} companies must reside in ${p.country}`,
      lead: (p) =>
        `${p.cite} requires every supplier of ${p.service} to appoint a principal officer who is permanently resident in ${p.country} and present in the country for at least ${p.months} months of each year.`,
      leadFr: (f, p) =>
        `${cap(f.cite)} oblige tout prestataire ${f.serviceOf} à désigner un dirigeant principal résidant en permanence ${f.country.in} et présent dans le pays au moins ${p.months} mois par an.`,
    },
    {
      basis: 'sector',
      policy: 'discrimination',
      modes: ['mode_4'],
      extraModes: ['mode_1', 'mode_2'],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.45, 0.8],
      regulationTopic: 'Registration',
      title: (p) => `${p.years}-year prior residence required for registration in ${p.service}`,
      lead: (p) =>
        `${p.under} applicants for registration in ${p.service} must prove ${p.years} years of continuous residence in ${p.country} immediately before the application.`,
      leadFr: (f, p) =>
        `${f.under} les candidats à l’inscription comme prestataires ${f.serviceOf} doivent justifier de ${p.years} ans de résidence continue ${f.country.in} immédiatement avant leur demande.`,
    },
  ],
  details: [
    (p) =>
      `Time spent in ${p.country} on a short-term visitor's pass does not count towards the residence period.`,
    (p) =>
      `The requirement effectively prevents suppliers based in other partner states from serving clients in ${p.country} on a fly-in basis.`,
    () =>
      'Proof of residence must be supported by a tax compliance certificate issued by the national revenue authority.',
  ],
  detailsFr: [
    (f) =>
      `Les séjours effectués ${f.country.in} sous couvert d’un visa de visiteur de courte durée ne comptent pas dans la durée de résidence.`,
    (f) =>
      `Cette exigence empêche de fait les prestataires établis dans d’autres États partenaires de servir des clients ${f.country.in} au moyen de missions ponctuelles.`,
    () =>
      'La preuve de résidence doit être accompagnée d’une attestation de régularité fiscale délivrée par l’administration fiscale nationale.',
  ],
};

const localPresence: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'foreign-entry',
      modes: ['mode_1', 'mode_3'],
      extraModes: ['mode_2'],
      discriminatory: 0.6,
      marketAccess: true,
      nationalTreatment: 'when_discriminatory',
      range: [0.35, 0.7],
      regulationTopic: 'Licensing',
      title: (p) => `Local incorporation required to supply ${p.service}`,
      lead: (p) =>
        `${p.cite} requires any person supplying ${p.service} to customers in ${p.country} to be a company incorporated under the ${p.companiesAct}.`,
      leadFr: (f) =>
        `${cap(f.cite)} exige que toute personne fournissant des prestations ${f.serviceOf} à des clients ${f.country.in} soit une société constituée conformément ${to(f.companiesAct)}.`,
    },
    {
      basis: 'sector',
      policy: 'foreign-entry',
      modes: ['mode_1'],
      extraModes: ['mode_3'],
      discriminatory: 0.7,
      marketAccess: true,
      nationalTreatment: 'when_discriminatory',
      range: [0.3, 0.6],
      regulationTopic: 'Cross-Border Supply',
      title: (p) => `Cross-border supply of ${p.service} requires a local office`,
      lead: (p) =>
        `${p.under} suppliers of ${p.service} based outside ${p.country} may not serve local customers unless they maintain a registered office and a resident representative in ${p.country}.`,
      leadFr: (f) =>
        `${f.under} les prestataires ${f.serviceOf} établis hors ${f.country.of} ne peuvent servir la clientèle locale que s’ils disposent d’un siège enregistré et d’un représentant résident ${f.country.in}.`,
    },
    {
      basis: 'companies',
      policy: 'foreign-entry',
      modes: ['mode_3'],
      extraModes: ['mode_1'],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.25, 0.55],
      regulationTopic: 'Foreign Companies',
      title: (p) => `Foreign ${p.service} suppliers must register a local branch`,
      lead: (p) =>
        `${p.under} foreign suppliers of ${p.service} must register a branch with the ${p.companiesAgency} and hold a separate local licence before accepting any contract.`,
      leadFr: (f) =>
        `${f.under} les prestataires étrangers ${f.serviceOf} doivent immatriculer une succursale auprès ${of(f.companiesAgency)} et obtenir une licence locale distincte avant d’accepter tout contrat.`,
    },
  ],
  details: [
    (p) =>
      `Services supplied remotely from another partner state are treated as unlicensed activity by the ${p.agency}.`,
    (p) =>
      `The local entity must keep its accounts and records in ${p.country} and make them available on request.`,
    () =>
      'This rules out cross-border supply for small firms that cannot justify a permanent establishment in the country.',
  ],
  detailsFr: [
    (f) =>
      `Les services fournis à distance depuis un autre État partenaire sont considérés ${by(f.agency)} comme une activité exercée sans licence.`,
    (f) =>
      `L’entité locale doit tenir sa comptabilité et ses registres ${f.country.in} et les présenter sur demande.`,
    () =>
      'Cette exigence exclut la fourniture transfrontière pour les petites entreprises qui ne peuvent justifier d’un établissement permanent dans le pays.',
  ],
};

export const entryTemplates: Record<
  Extract<
    RestrictionType,
    'foreign_equity_limit' | 'nationality_requirement' | 'residency_requirement' | 'local_presence'
  >,
  TypeTemplates
> = {
  foreign_equity_limit: equity,
  nationality_requirement: nationality,
  residency_requirement: residency,
  local_presence: localPresence,
};
