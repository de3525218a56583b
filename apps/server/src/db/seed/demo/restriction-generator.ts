// Deterministic generator of realistic restriction rows, for the demo data and for benchmark data sets of
// hundreds of thousands of rows: everything is synchronous and precomputed once per call.

import { slugify, type RestrictionType } from '@stp/shared';
import type { restrictions } from '../../schema/index.js';
import { genericProfile, lawFor, type CountryProfile, type Law } from './country-profile.js';
import { burundi, drCongo, somalia, southSudan } from './profiles-bi-ss-cd-so.js';
import { kenya, rwanda, tanzania, uganda } from './profiles-ke-tz-ug-rw.js';
import {
  chance,
  pick,
  pickIndex,
  randInt,
  randomDayText,
  round2,
  WeightedPicker,
  type Rng,
} from './random.js';
import {
  baseTypeWeights,
  citation,
  commitmentsText,
  countryWeights,
  familyBoosts,
  measurePicker,
  nonComplianceDiscriminatory,
  nonComplianceOther,
  remarksPool,
  sectorWeights,
} from './restriction-parts.js';
import { licensingTemplates } from './restriction-templates-licensing.js';
import {
  communitySentences,
  communitySentencesFr,
  moreTemplates,
  penaltySentences,
  penaltySentencesFr,
} from './restriction-templates-more.js';
import {
  entryTemplates,
  policyOrder,
  type FrenchTextParams,
  type Mode,
  type TemplateParams,
  type TypeTemplates,
  type Variant,
} from './restriction-templates.js';
import {
  frenchDemonym,
  frenchOf,
  frenchPractitioners,
  frenchServiceLabel,
  frenchTitles,
  templateOf,
} from './french-titles.js';
import { agencyFr, countryFr, lawFr, ministerFr, moneyFr } from './french-words.js';
import { practitionerNames, sectorFamily, sectorLabel, type LawKey } from './sector-labels.js';

export { createRng } from './random.js';

export interface RestrictionContext {
  partnerStates: string[];
  sectors: {
    id: number;
    parentId: number | null;
    level: number;
    code: string;
    nameEn: string;
    /** The French W/120 name, for the French titles (absent: the titles stay untranslated). */
    nameFr?: string;
  }[];
  /** Policy area ids in the order of seed/data/policy-areas.ts (foreign entry first). */
  policyIds: number[];
}

export type RestrictionRow = typeof restrictions.$inferInsert;

export const partnerProfiles: Readonly<Record<string, CountryProfile>> = {
  KE: kenya,
  TZ: tanzania,
  UG: uganda,
  RW: rwanda,
  BI: burundi,
  SS: southSudan,
  CD: drCongo,
  SO: somalia,
};

export function profileFor(code: string): CountryProfile {
  return partnerProfiles[code] ?? genericProfile(code);
}

const allTemplates: Record<RestrictionType, TypeTemplates> = {
  ...entryTemplates,
  ...licensingTemplates,
  ...moreTemplates,
};

interface SectorNode {
  id: number;
  code: string;
  label: string;
  /** The French label for titles; null when the W/120 tree has no usable French name. */
  labelFr: string | null;
  family: LawKey;
  isOther: boolean;
  children: SectorNode[];
  picker: WeightedPicker<SectorNode> | null;
}

interface Prepared {
  countries: CountryProfile[];
  countryPicker: WeightedPicker<CountryProfile>;
  level1: SectorNode[];
  level1Picker: WeightedPicker<SectorNode>;
  policyIds: number[];
  typePickers: Map<LawKey, WeightedPicker<RestrictionType>>;
  /** Each country's French words, made once. */
  french: Map<
    string,
    Omit<FrenchTextParams, 'service' | 'serviceOf' | 'practitioners' | 'cite' | 'under' | 'agency'>
  >;
}

function prepare(ctx: RestrictionContext): Prepared {
  if (ctx.partnerStates.length === 0)
    throw new Error('The restriction generator needs at least one partner state');
  const countries = ctx.partnerStates.map(profileFor);
  const nodes = new Map<number, SectorNode>();
  const sorted = ctx.sectors.slice().sort((a, b) => a.id - b.id);
  for (const s of sorted) {
    nodes.set(s.id, {
      id: s.id,
      code: s.code,
      label: sectorLabel(s.code, s.nameEn),
      labelFr: null,
      family: sectorFamily(s.code),
      isOther: s.nameEn === 'Other',
      children: [],
      picker: null,
    });
  }
  // French labels: the node's own French name, else the nearest ancestor's that stands alone.
  const byId = new Map(sorted.map((s) => [s.id, s]));
  for (const s of sorted) {
    const names: string[] = [];
    for (let at: typeof s | undefined = s; at; at = at.parentId === null ? undefined : byId.get(at.parentId))
      names.push(at.nameFr ?? '');
    (nodes.get(s.id) as SectorNode).labelFr = frenchServiceLabel(names);
  }
  const level1: SectorNode[] = [];
  for (const s of sorted) {
    const node = nodes.get(s.id) as SectorNode;
    if (s.level === 1) level1.push(node);
    else if (s.parentId !== null) nodes.get(s.parentId)?.children.push(node);
  }
  if (level1.length === 0) throw new Error('The restriction generator needs level-1 sectors');
  for (const node of nodes.values()) {
    if (node.children.length > 0) {
      // 'Other' catch-all entries are rarely where a real measure is recorded.
      node.picker = new WeightedPicker(node.children.map((c) => [c, c.isOther ? 0.2 : 1] as const));
    }
  }
  return {
    countries,
    countryPicker: new WeightedPicker(countries.map((c) => [c, countryWeights[c.code] ?? 5] as const)),
    level1,
    level1Picker: new WeightedPicker(level1.map((s) => [s, sectorWeights[s.code] ?? 5] as const)),
    policyIds: ctx.policyIds,
    typePickers: new Map(),
    french: new Map(),
  };
}

function typePicker(prep: Prepared, family: LawKey): WeightedPicker<RestrictionType> {
  let picker = prep.typePickers.get(family);
  if (!picker) {
    const boost = familyBoosts[family] ?? {};
    const entries = (Object.keys(baseTypeWeights) as RestrictionType[]).map(
      (type) => [type, baseTypeWeights[type] * (boost[type] ?? 1)] as const,
    );
    picker = new WeightedPicker(entries);
    prep.typePickers.set(family, picker);
  }
  return picker;
}

const countOptions = [3, 4, 5, 6, 8, 10, 12, 15, 20] as const;
const pctOptions = [20, 25, 30, 33, 40, 49, 60, 70, 75] as const;

function buildRow(prep: Prepared, rng: Rng, seq: number): RestrictionRow {
  // Every few rows cycle through the countries and sectors so that small data sets still cover all of them.
  const profile =
    seq % 5 === 2
      ? (prep.countries[Math.floor(seq / 5) % prep.countries.length] as CountryProfile)
      : prep.countryPicker.pick(rng);
  const sector =
    seq % 4 === 0
      ? (prep.level1[Math.floor(seq / 4) % prep.level1.length] as SectorNode)
      : prep.level1Picker.pick(rng);
  const subSector = sector.picker ? sector.picker.pick(rng) : null;
  const specific = subSector?.picker ? subSector.picker.pick(rng) : null;
  const target = specific ?? subSector ?? sector;
  const family = target.family;
  const practitioners = practitionerNames[family] ?? '';

  const type = typePicker(prep, family).pick(rng);
  const templates = allTemplates[type];
  let variant = pick(rng, templates.variants);
  if (variant.needsProfession && !practitioners) {
    variant = pick(
      rng,
      templates.variants.filter((v) => !v.needsProfession),
    );
  }
  const basis: LawKey = variant.basis === 'sector' ? family : variant.basis;
  const law = lawFor(profile, basis);
  const discriminatory = chance(rng, variant.discriminatory);

  // Introduced no earlier than the law it rests on, skewed towards recent years.
  const firstYear = Math.max(1995, law[1]);
  let measureType = measurePicker.pick(rng);
  // Only a sector regulator issues licences whose conditions could carry the measure.
  if (measureType === 'licence_condition' && variant.basis !== 'sector') measureType = 'regulation';
  const yearIntroduced =
    measureType === 'law' && chance(rng, 0.5)
      ? firstYear
      : firstYear + Math.floor((2026 - firstYear) * Math.sqrt(rng()));
  const { cite, under, citeFr, underFr } = citation(
    rng,
    profile,
    law,
    basis,
    measureType,
    variant,
    yearIntroduced,
  );

  const pct = pick(rng, pctOptions);
  const p: TemplateParams = {
    country: profile.name,
    demonym: profile.demonym,
    service: target.label,
    practitioners,
    act: law[0],
    agency: law[2],
    cite,
    under,
    companiesAct: profile.laws.companies[0],
    companiesAgency: profile.laws.companies[2],
    immigrationAgency: profile.laws.immigration[2],
    centralBank: lawFor(profile, 'banking')[2],
    minister: profile.minister,
    capital: profile.capital,
    money: profile.money,
    pct,
    localPct: 100 - pct,
    staffPct: pick(rng, [5, 10, 15, 20]),
    prefPct: pick(rng, [10, 15, 20, 25]),
    levyPct: pick(rng, [1, 2, 3, 5]),
    years: pick(rng, [2, 3, 5]),
    months: pick(rng, [6, 12, 24]),
    days: pick(rng, [30, 60, 90]),
    weeks: pick(rng, [4, 6, 8, 12]),
    count: pick(rng, countOptions),
    year: yearIntroduced,
  };

  const f = frenchParams(prep, profile, target, family, law, citeFr, underFr);
  const title = variant.title(p);
  const titleFr = frenchTitleOf(variant, p, profile, target, family, f);
  // The French text is composed of the same parts as the English, picked by the same draws.
  const detail = pickIndex(rng, templates.details.length);
  let text = variant.lead(p) + ' ' + templates.details[detail]!(p);
  let textFr = variant.leadFr(f, p) + ' ' + templates.detailsFr[detail]!(f, p);
  const extra = rng();
  if (extra > 0.35) {
    const sentence = pickIndex(rng, communitySentences.length);
    text += ' ' + communitySentences[sentence]!(p);
    textFr += ' ' + communitySentencesFr[sentence]!(f, p);
  }
  // Penalties are for the sector regulator to impose; general laws have their own enforcement.
  if (extra > 0.75 && variant.basis === 'sector') {
    const sentence = pickIndex(rng, penaltySentences.length);
    text += ' ' + penaltySentences[sentence]!(p);
    textFr += ' ' + penaltySentencesFr[sentence]!(f, p);
  }

  const modes: Mode[] = variant.modes.slice();
  if (variant.extraModes.length > 0 && chance(rng, 0.4)) {
    const extraMode = pick(rng, variant.extraModes);
    if (!modes.includes(extraMode)) modes.push(extraMode);
  }
  modes.sort();

  // Status and the years that go with it.
  let status = 'in_force';
  let yearRemovedOrAmended: number | null = null;
  let proposedRemovalYear: number | null = null;
  const statusRoll = rng();
  if (statusRoll < 0.64) status = 'in_force';
  else if (statusRoll < 0.76) {
    status = 'scheduled_for_removal';
    proposedRemovalYear = randInt(rng, 2026, 2030);
  } else if (yearIntroduced < 2025) {
    status = statusRoll < 0.91 ? 'amended' : 'removed';
    yearRemovedOrAmended = randInt(rng, yearIntroduced + 1, 2025);
  }

  let indicator = variant.range[0] + rng() * (variant.range[1] - variant.range[0]);
  if (!discriminatory) indicator *= 0.85;
  if (status === 'amended') indicator *= 0.75;
  if (status === 'removed') indicator *= 0.4;

  const dates: string[] = [];
  if (chance(rng, 0.6)) dates.push(`Gazetted on ${randomDayText(rng, yearIntroduced)}.`);
  if (status === 'amended' && yearRemovedOrAmended)
    dates.push(`Amended on ${randomDayText(rng, yearRemovedOrAmended)}.`);
  if (status === 'removed' && yearRemovedOrAmended) {
    dates.push(`Repealed with effect from ${randomDayText(rng, yearRemovedOrAmended)}.`);
  }
  if (status === 'scheduled_for_removal') {
    dates.push(
      `Removal committed for ${proposedRemovalYear} in the national action plan on non-tariff barriers.`,
    );
  } else if (chance(rng, 0.25)) {
    dates.push(
      `Notified to the EAC Secretariat on ${randomDayText(rng, randInt(rng, Math.min(Math.max(yearIntroduced + 1, 2012), 2025), 2025))}.`,
    );
  }

  const archived = chance(rng, 0.03);
  // Drawn in the order the row's fields always were: the English data stays the same for a seed.
  const nonComplianceType = (discriminatory ? nonComplianceDiscriminatory : nonComplianceOther).pick(rng);
  const commitmentsMade = commitmentsText(rng, p, profile);
  const [remarks, remarksFr] = chance(rng, 0.6) ? pick(rng, remarksPool)(p, f, rng) : ['', null];
  // Without a French name for the service there is no French text (as there is no French title).
  const french = target.labelFr !== null;
  return {
    slug: `${slugify(profile.name + ' ' + title)}-${seq}`,
    title,
    titleFr,
    countryCode: profile.code,
    sectorId: sector.id,
    subSectorId: subSector?.id ?? null,
    specificServiceId: specific?.id ?? null,
    policyId: policyIdFor(prep.policyIds, variant),
    restrictionType: type,
    marketAccess: variant.marketAccess ? 'yes' : 'no',
    nationalTreatment:
      variant.nationalTreatment === true ||
      (variant.nationalTreatment === 'when_discriminatory' && discriminatory)
        ? 'yes'
        : 'no',
    nonComplianceType,
    discriminative: discriminatory ? 'discriminatory' : 'non_discriminatory',
    measureType,
    modesOfSupply: modes,
    restrictivenessIndicator: Math.min(1, Math.max(0.01, round2(indicator))),
    responsibleAgency: law[2],
    commitmentsMade,
    otherDates: dates.join(' '),
    proposedRemovalYear,
    yearRemovedOrAmended,
    yearIntroduced,
    textOfMeasure: text,
    textOfMeasureFr: french ? textFr : null,
    remarks,
    remarksFr: french ? remarksFr : null,
    status,
    archived,
    archivedAt: archived
      ? new Date(
          Date.UTC(
            randInt(rng, Math.max(yearIntroduced, 2023), 2025),
            randInt(rng, 0, 11),
            randInt(rng, 1, 28),
          ),
        )
      : null,
  };
}

/** The French of each title template, found once by the template's text. */
const frenchByTitle = new Map<Variant['title'], (typeof frenchTitles)[string] | null>();

/** The French title of a generated row, or null when its template or its service has no French yet. */
function frenchTitleOf(
  variant: Variant,
  p: TemplateParams,
  profile: CountryProfile,
  target: SectorNode,
  family: LawKey,
  f: FrenchTextParams,
): string | null {
  let french = frenchByTitle.get(variant.title);
  if (french === undefined) {
    french = frenchTitles[templateOf(variant.title)] ?? null;
    frenchByTitle.set(variant.title, french);
  }
  if (french === null || target.labelFr === null) return null;
  return french(
    {
      countryIn: profile.inFr,
      demonym: frenchDemonym(profile.code),
      service: target.labelFr,
      serviceOf: frenchOf(target.labelFr),
      practitioners: frenchPractitioners(family),
    },
    {
      pct: p.pct,
      localPct: p.localPct,
      staffPct: p.staffPct,
      years: p.years,
      count: p.count,
      workPermitFee: f.money.workPermitFee,
    },
  );
}

/** The French words of a row: the country's, the laws' and regulators' (kept per country), the service's. */
function frenchParams(
  prep: Prepared,
  profile: CountryProfile,
  target: SectorNode,
  family: LawKey,
  law: Law,
  cite: string,
  under: string,
): FrenchTextParams {
  let country = prep.french.get(profile.code);
  if (!country) {
    country = {
      country: countryFr(profile),
      companiesAct: lawFr(profile.laws.companies[0]),
      companiesAgency: agencyFr(profile.laws.companies[2]),
      immigrationAgency: agencyFr(profile.laws.immigration[2]),
      centralBank: agencyFr(lawFor(profile, 'banking')[2]),
      minister: ministerFr(profile.minister),
      money: Object.fromEntries(
        Object.entries(profile.money).map(([key, amount]) => [key, moneyFr(amount)]),
      ) as CountryProfile['money'],
    };
    prep.french.set(profile.code, country);
  }
  const service = target.labelFr ?? '';
  return {
    ...country,
    service,
    serviceOf: frenchOf(service),
    practitioners: frenchPractitioners(family),
    cite,
    under,
    agency: agencyFr(law[2]),
  };
}

function policyIdFor(policyIds: readonly number[], variant: Variant): number | null {
  if (policyIds.length === 0) return null;
  const index = policyOrder.indexOf(variant.policy);
  return policyIds[index % policyIds.length] ?? null;
}

/** Builds `count` restriction rows (insert values for the `restrictions` table, without id/search) starting at sequence `start`. */
export function generateRestrictionRows(
  ctx: RestrictionContext,
  count: number,
  rng: () => number,
  start = 1,
): RestrictionRow[] {
  const prep = prepare(ctx);
  const rows: RestrictionRow[] = new Array<RestrictionRow>(count);
  for (let i = 0; i < count; i++) rows[i] = buildRow(prep, rng, start + i);
  return rows;
}
