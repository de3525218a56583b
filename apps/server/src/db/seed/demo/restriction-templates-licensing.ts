// Templates of the licensing-related restriction types: licensing, qualifications, quotas, needs tests.

import type { RestrictionType } from '@stp/shared';
import { agree, by, cap, the, to } from './french-words.js';
import type { TypeTemplates } from './restriction-templates.js';

const licensing: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'licensing-and-qualifications',
      modes: ['mode_3'],
      extraModes: ['mode_1'],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.3, 0.6],
      regulationTopic: 'Licensing',
      title: (p) => `Separate licence required for foreign ${p.service} suppliers`,
      lead: (p) =>
        `${p.under} foreign suppliers of ${p.service} must obtain a special licence from the ${p.agency} in addition to the licence required of domestic suppliers.`,
      leadFr: (f) =>
        `${f.under} les prestataires étrangers ${f.serviceOf} doivent obtenir une licence spéciale délivrée ${by(f.agency)}, en plus de la licence exigée des prestataires nationaux.`,
    },
    {
      basis: 'sector',
      policy: 'regulatory-transparency',
      modes: ['mode_3'],
      extraModes: ['mode_1', 'mode_4'],
      discriminatory: 0.2,
      marketAccess: false,
      nationalTreatment: 'when_discriminatory',
      range: [0.2, 0.5],
      regulationTopic: 'Licensing',
      title: (p) => `Discretionary licensing of ${p.service}`,
      lead: (p) =>
        `${p.cite} gives the ${p.agency} discretion to grant or refuse a licence for ${p.service} in the public interest, without published criteria or time limits.`,
      leadFr: (f) =>
        `${cap(f.cite)} confère ${to(f.agency)} le pouvoir discrétionnaire d’accorder ou de refuser une licence ${f.serviceOf} dans l’intérêt public, sans critères ni délais publiés.`,
    },
    {
      basis: 'sector',
      policy: 'licensing-and-qualifications',
      modes: ['mode_3'],
      extraModes: ['mode_1'],
      discriminatory: 0.3,
      marketAccess: false,
      nationalTreatment: 'when_discriminatory',
      range: [0.15, 0.4],
      regulationTopic: 'Licensing',
      title: (p) => `Annual licence renewal required for ${p.service}`,
      lead: (p) =>
        `${p.under} licences for ${p.service} are valid for one year only and each renewal is subject to a fresh assessment by the ${p.agency}.`,
      leadFr: (f) =>
        `${f.under} les licences ${f.serviceOf} ne sont valables qu’un an et chaque renouvellement est subordonné à une nouvelle évaluation ${by(f.agency)}.`,
    },
    {
      basis: 'sector',
      policy: 'foreign-entry',
      modes: ['mode_3'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.35, 0.65],
      regulationTopic: 'Capital Adequacy',
      title: (p) => `Higher minimum capital for foreign-owned ${p.service} suppliers`,
      lead: (p) =>
        `${p.cite} makes a licence for ${p.service} conditional on a paid-up capital of ${p.money.minCapital}, raised to ${p.money.minCapitalForeign} where the applicant is foreign-owned.`,
      leadFr: (f) =>
        `${cap(f.cite)} subordonne l’octroi d’une licence ${f.serviceOf} à un capital libéré de ${f.money.minCapital}, porté à ${f.money.minCapitalForeign} lorsque le demandeur est à capitaux étrangers.`,
    },
  ],
  details: [
    (p) =>
      `The ${p.agency} is required to decide within ${p.days} days, but applicants report waiting several months in practice.`,
    () =>
      'Applications must include audited accounts for the previous three years and certified copies of all foreign registration documents.',
    () => 'Licences are not transferable and lapse on any change of control of the licensee.',
  ],
  detailsFr: [
    (f, p) =>
      `${cap(the(f.agency))} est ${agree(f.agency, 'tenu')} de statuer dans un délai de ${p.days} jours, mais les demandeurs font état de plusieurs mois d’attente dans la pratique.`,
    () =>
      'Les demandes doivent comprendre les comptes certifiés des trois derniers exercices et des copies certifiées conformes de tous les documents d’immatriculation étrangers.',
    () =>
      'Les licences sont incessibles et deviennent caduques en cas de changement de contrôle du titulaire.',
  ],
};

const qualification: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'licensing-and-qualifications',
      modes: ['mode_4'],
      extraModes: ['mode_1'],
      discriminatory: 0.8,
      marketAccess: false,
      nationalTreatment: 'when_discriminatory',
      range: [0.35, 0.7],
      needsProfession: true,
      regulationTopic: 'Registration',
      title: (p) => `Foreign qualifications in ${p.service} recognised only after a local examination`,
      lead: (p) =>
        `${p.under} ${p.practitioners} holding qualifications obtained outside ${p.country} must pass the examinations set by the ${p.agency} before they may practise, whatever their experience.`,
      leadFr: (f) =>
        `${f.under} les ${f.practitioners} titulaires de diplômes obtenus hors ${f.country.of} doivent réussir les examens organisés ${by(f.agency)} avant de pouvoir exercer, quelle que soit leur expérience.`,
    },
    {
      basis: 'sector',
      policy: 'licensing-and-qualifications',
      modes: ['mode_4'],
      extraModes: [],
      discriminatory: 1,
      marketAccess: false,
      nationalTreatment: true,
      range: [0.3, 0.6],
      needsProfession: true,
      regulationTopic: 'Registration',
      title: (p) => `Local practical training required for foreign-trained ${p.practitioners}`,
      lead: (p) =>
        `${p.cite} requires ${p.practitioners} trained abroad to complete ${p.months} months of supervised practice in ${p.country} before they can be registered.`,
      leadFr: (f, p) =>
        `${cap(f.cite)} impose aux ${f.practitioners} formés à l’étranger d’accomplir ${p.months} mois de pratique supervisée ${f.country.in} avant de pouvoir être inscrits.`,
    },
    {
      basis: 'sector',
      policy: 'licensing-and-qualifications',
      modes: ['mode_4'],
      extraModes: ['mode_1', 'mode_3'],
      discriminatory: 0.4,
      marketAccess: false,
      nationalTreatment: 'when_discriminatory',
      range: [0.2, 0.5],
      regulationTopic: 'Professional Membership',
      title: (p) => `Membership of the national professional body required for ${p.service}`,
      lead: (p) =>
        `${p.under} only members of the professional body recognised by the ${p.agency} may sign off work in ${p.service}, and membership is open only to holders of qualifications on a national list.`,
      leadFr: (f) =>
        `${f.under} seuls les membres de l’ordre professionnel reconnu ${by(f.agency)} peuvent signer des prestations ${f.serviceOf}, et l’adhésion n’est ouverte qu’aux titulaires de diplômes inscrits sur une liste nationale.`,
    },
  ],
  details: [
    () =>
      'No mutual recognition agreement covering this profession is in force among the partner states, so each application is assessed case by case.',
    (p) => `The registration examination is held twice a year and only in ${p.capital}.`,
    (p) =>
      `Temporary registration for a single project is possible but limited to ${p.months} months and not renewable.`,
  ],
  detailsFr: [
    () =>
      'Aucun accord de reconnaissance mutuelle couvrant cette profession n’est en vigueur entre les États partenaires\u202f; chaque demande est donc examinée au cas par cas.',
    (f) => `L’examen d’inscription n’a lieu que deux fois par an, et uniquement ${f.country.inCapital}.`,
    (_f, p) =>
      `Une inscription temporaire pour un projet unique est possible, mais elle est limitée à ${p.months} mois et n’est pas renouvelable.`,
  ],
};

const quantitative: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'competition',
      modes: ['mode_3'],
      extraModes: ['mode_1'],
      discriminatory: 0.1,
      marketAccess: true,
      nationalTreatment: 'when_discriminatory',
      range: [0.45, 0.8],
      regulationTopic: 'Licensing',
      title: (p) => `Number of ${p.service} licences capped at ${p.count}`,
      lead: (p) =>
        `${p.under} the ${p.agency} may not issue more than ${p.count} licences for ${p.service} at any one time.`,
      leadFr: (f, p) =>
        `${f.under} ${the(f.agency)} ne peut délivrer plus de ${p.count} licences ${f.serviceOf} à la fois.`,
    },
    {
      basis: 'sector',
      policy: 'competition',
      modes: ['mode_3'],
      extraModes: ['mode_1'],
      discriminatory: 0.2,
      marketAccess: true,
      nationalTreatment: 'when_discriminatory',
      range: [0.5, 0.9],
      regulationTopic: 'Licensing',
      title: (p) => `Moratorium on new ${p.service} licences`,
      lead: (p) =>
        `${p.cite} suspends the issue of new licences for ${p.service} until the ${p.agency} completes a market review.`,
      leadFr: (f) =>
        `${cap(f.cite)} suspend la délivrance de nouvelles licences ${f.serviceOf} jusqu’à ce que ${the(f.agency)} ait achevé une étude de marché.`,
    },
    {
      basis: 'sector',
      policy: 'foreign-entry',
      modes: ['mode_3'],
      extraModes: ['mode_4'],
      discriminatory: 1,
      marketAccess: true,
      nationalTreatment: true,
      range: [0.5, 0.85],
      regulationTopic: 'Licensing',
      title: (p) => `Quota on foreign ${p.service} suppliers`,
      lead: (p) =>
        `${p.under} foreign-controlled suppliers may hold no more than ${p.count} of the licences issued for ${p.service}.`,
      leadFr: (f, p) =>
        `${f.under} les prestataires sous contrôle étranger ne peuvent détenir plus de ${p.count} des licences ${f.serviceOf} délivrées.`,
    },
  ],
  details: [
    (p) =>
      `Licences are allocated on a first-come, first-served basis and the ceiling has been reached since ${p.year}.`,
    () => 'Existing licence holders enjoy an effective exclusivity in their allocated areas.',
    (p) => `The cap is to be reviewed every ${p.years} years, but no review has been published.`,
  ],
  detailsFr: [
    (_f, p) =>
      `Les licences sont attribuées selon le principe du premier arrivé, premier servi, et le plafond est atteint depuis ${p.year}.`,
    () =>
      'Les titulaires de licence en place bénéficient d’une exclusivité de fait dans les zones qui leur sont attribuées.',
    (_f, p) => `Le plafond doit être réexaminé tous les ${p.years} ans, mais aucun réexamen n’a été publié.`,
  ],
};

const needsTest: TypeTemplates = {
  variants: [
    {
      basis: 'sector',
      policy: 'competition',
      modes: ['mode_3'],
      extraModes: ['mode_4'],
      discriminatory: 0.5,
      marketAccess: true,
      nationalTreatment: 'when_discriminatory',
      range: [0.4, 0.7],
      regulationTopic: 'Licensing',
      title: (p) => `Economic needs test for new ${p.service} suppliers`,
      lead: (p) =>
        `${p.under} an application to supply ${p.service} is granted only where the ${p.agency} is satisfied that existing suppliers cannot meet demand in the area concerned.`,
      leadFr: (f) =>
        `${f.under} une demande d’autorisation de fournir des prestations ${f.serviceOf} n’est accordée que si ${the(f.agency)} estime que les prestataires existants ne peuvent satisfaire la demande dans la zone concernée.`,
    },
    {
      basis: 'investment',
      policy: 'competition',
      modes: ['mode_3'],
      extraModes: [],
      discriminatory: 0.7,
      marketAccess: true,
      nationalTreatment: 'when_discriminatory',
      range: [0.35, 0.65],
      regulationTopic: 'Investment',
      title: (p) => `Market assessment required before licensing ${p.service}`,
      lead: (p) =>
        `${p.cite} requires applicants for a ${p.service} licence to submit a market assessment showing that the new entry will not harm existing licensees.`,
      leadFr: (f) =>
        `${cap(f.cite)} impose aux demandeurs d’une licence ${f.serviceOf} de présenter une étude de marché démontrant que leur entrée ne portera pas préjudice aux titulaires de licence existants.`,
    },
  ],
  details: [
    () => 'The criteria used to assess demand are not published and decisions are not subject to appeal.',
    () => 'Objections from existing suppliers are taken into account before a licence is granted.',
    () => 'In practice the test is applied more strictly to applicants controlled by foreign investors.',
  ],
  detailsFr: [
    () =>
      'Les critères d’appréciation de la demande ne sont pas publiés et les décisions ne sont pas susceptibles de recours.',
    () => 'Les objections des prestataires existants sont prises en compte avant l’octroi d’une licence.',
    () =>
      'Dans la pratique, l’examen est appliqué plus strictement aux demandeurs contrôlés par des investisseurs étrangers.',
  ],
};

export const licensingTemplates: Record<
  Extract<RestrictionType, 'licensing' | 'qualification' | 'quantitative_limit' | 'economic_needs_test'>,
  TypeTemplates
> = {
  licensing,
  qualification,
  quantitative_limit: quantitative,
  economic_needs_test: needsTest,
};
