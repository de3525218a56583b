// Templates of the licensing-related restriction types: licensing, qualifications, quotas, needs tests.

import type { RestrictionType } from '@stp/shared';
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
    },
  ],
  details: [
    (p) =>
      `The ${p.agency} is required to decide within ${p.days} days, but applicants report waiting several months in practice.`,
    () =>
      'Applications must include audited accounts for the previous three years and certified copies of all foreign registration documents.',
    () => 'Licences are not transferable and lapse on any change of control of the licensee.',
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
    },
  ],
  details: [
    () =>
      'No mutual recognition agreement covering this profession is in force among the partner states, so each application is assessed case by case.',
    (p) => `The registration examination is held twice a year and only in ${p.capital}.`,
    (p) =>
      `Temporary registration for a single project is possible but limited to ${p.months} months and not renewable.`,
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
    },
  ],
  details: [
    (p) =>
      `Licences are allocated on a first-come, first-served basis and the ceiling has been reached since ${p.year}.`,
    () => 'Existing licence holders enjoy an effective exclusivity in their allocated areas.',
    (p) => `The cap is to be reviewed every ${p.years} years, but no review has been published.`,
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
    },
  ],
  details: [
    () => 'The criteria used to assess demand are not published and decisions are not subject to appeal.',
    () => 'Objections from existing suppliers are taken into account before a licence is granted.',
    () => 'In practice the test is applied more strictly to applicants controlled by foreign investors.',
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
