// Templates of joint ventures, work permits, fees and other measures, and the closing sentences shared by all types.

import type { RestrictionType } from '@stp/shared';
import type { TemplateParams, TypeTemplates } from './restriction-templates.js';

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
    },
  ],
  details: [
    (p) =>
      `The local partner must be registered with the ${p.agency} and approved before the contract is signed.`,
    () => 'Firms from other partner states are treated as foreign for this purpose.',
    () =>
      'A plan for the transfer of technology and skills must be submitted with the joint venture agreement.',
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
    },
  ],
  details: [
    (p) =>
      `Permits are issued by the ${p.immigrationAgency}, and citizens of other partner states are not exempted despite the free movement of workers under the Common Market Protocol.`,
    (p) =>
      `Processing takes up to ${p.weeks} weeks and the applicant may not start work while the application is pending.`,
    () => 'The permit is tied to a single employer and a single position.',
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
    },
  ],
  details: [
    () => 'The difference is not justified by any additional cost of supervision.',
    () => 'Fees are payable in advance and are not refunded if the application is refused.',
    (p) => `The ${p.agency} has indicated that the fee schedule will be reviewed in the next Finance Act.`,
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
    },
  ],
  details: [
    () => 'The measure was not notified to the EAC Secretariat when it was adopted.',
    () => 'Stakeholders were not consulted before the measure entered into force.',
    (p) => `Exemptions can be granted case by case by ${p.minister}.`,
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
