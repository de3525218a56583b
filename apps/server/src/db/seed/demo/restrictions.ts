// Demo restrictions with their version history (created, updated, archived) and published updates.

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../client.js';
import {
  countries,
  policies,
  restrictions,
  restrictionUpdates,
  restrictionVersions,
  sectors,
} from '../../schema/index.js';
import { addDays, chunks, daysBetween, insertChunked, isoDate, officeTime } from './db-utils.js';
import { chance, createRng, pick, randInt, round2, sample, type Rng } from './random.js';
import {
  generateRestrictionRows,
  profileFor,
  type RestrictionContext,
  type RestrictionRow,
} from './restriction-generator.js';
import { frenchSubject } from './french-titles.js';
import { policyOrder } from './restriction-templates.js';

type Snapshot = Record<string, unknown>;
type Changes = Record<string, { old: unknown; new: unknown }>;

/** The restriction's fields as a snake_case map, the form stored in version snapshots. */
export function snapshotOf(row: RestrictionRow): Snapshot {
  return {
    slug: row.slug,
    title: row.title,
    title_fr: row.titleFr ?? null,
    country_code: row.countryCode,
    sector_id: row.sectorId,
    sub_sector_id: row.subSectorId ?? null,
    specific_service_id: row.specificServiceId ?? null,
    policy_id: row.policyId ?? null,
    restriction_type: row.restrictionType,
    market_access: row.marketAccess ?? 'no',
    national_treatment: row.nationalTreatment ?? 'no',
    non_compliance_type: row.nonComplianceType ?? null,
    discriminative: row.discriminative ?? null,
    measure_type: row.measureType ?? null,
    modes_of_supply: row.modesOfSupply ?? [],
    restrictiveness_indicator: row.restrictivenessIndicator ?? null,
    responsible_agency: row.responsibleAgency ?? '',
    commitments_made: row.commitmentsMade ?? '',
    other_dates: row.otherDates ?? '',
    proposed_removal_year: row.proposedRemovalYear ?? null,
    year_removed_or_amended: row.yearRemovedOrAmended ?? null,
    year_introduced: row.yearIntroduced ?? null,
    text_of_measure: row.textOfMeasure ?? '',
    remarks: row.remarks ?? '',
    text_of_measure_fr: row.textOfMeasureFr ?? null,
    remarks_fr: row.remarksFr ?? null,
    status: row.status ?? 'in_force',
    archived: false,
  };
}

/** Undoes one change: returns the state before it and the change as {field: {old, new}}. */
type Step = (state: Snapshot, rng: Rng) => { before: Snapshot; changes: Changes };

function revert(state: Snapshot, fields: Record<string, unknown>): { before: Snapshot; changes: Changes } {
  const changes: Changes = {};
  for (const [field, old] of Object.entries(fields)) changes[field] = { old, new: state[field] };
  return { before: { ...state, ...fields }, changes };
}

const statusStep: Step = (state, rng) => {
  const indicator = Number(state.restrictiveness_indicator ?? 0.5);
  // The dates that came with the status change ("Amended on ...") were added with it.
  const currentDates = typeof state.other_dates === 'string' ? state.other_dates : '';
  const otherDates = currentDates
    .split(/(?<=\.) /)
    .filter((sentence) => sentence.startsWith('Gazetted') || sentence.startsWith('Notified'))
    .join(' ');
  const fields: Record<string, unknown> = { status: 'in_force' };
  if (otherDates !== currentDates) fields.other_dates = otherDates;
  if (state.status === 'scheduled_for_removal') fields.proposed_removal_year = null;
  else {
    fields.year_removed_or_amended = null;
    fields.restrictiveness_indicator = Math.min(1, round2(indicator + 0.1 + rng() * 0.2));
  }
  return revert(state, fields);
};

const indicatorStep: Step = (state, rng) => {
  const indicator = Number(state.restrictiveness_indicator ?? 0.5);
  const delta = 0.05 + rng() * 0.15;
  const old =
    indicator + delta <= 1 && (chance(rng, 0.7) || indicator - delta < 0.05)
      ? indicator + delta
      : indicator - delta;
  return revert(state, { restrictiveness_indicator: round2(old) });
};

const modesStep: Step = (state, rng) => {
  const modes = (state.modes_of_supply as string[]).slice();
  const missing = ['mode_1', 'mode_2', 'mode_3', 'mode_4'].filter((m) => !modes.includes(m));
  const old =
    modes.length > 1 && chance(rng, 0.4) ? modes.slice(0, -1) : [...modes, pick(rng, missing)].sort();
  return revert(state, { modes_of_supply: old });
};

/** Clears fields (a text and its French together): the change that added them, undone. */
const clearStep =
  (...fields: string[]): Step =>
  (state) =>
    revert(state, Object.fromEntries(fields.map((field) => [field, field.endsWith('_fr') ? null : ''])));

interface PlannedVersion {
  version: number;
  changeType: 'created' | 'updated' | 'archived';
  changes: Changes;
  snapshot: Snapshot;
  changedAt: Date;
}

/** Plans the history of a restriction whose current values are `row`: version 1 first, newest last. */
function planHistory(row: RestrictionRow, rng: Rng, now: Date): PlannedVersion[] {
  const current = snapshotOf(row);
  const steps: Step[] = [];
  if (chance(rng, 0.4)) {
    const optional: Step[] = [indicatorStep];
    if ((current.modes_of_supply as string[]).length < 4) optional.push(modesStep);
    if (current.remarks) optional.push(clearStep('remarks', 'remarks_fr'));
    if (current.commitments_made) optional.push(clearStep('commitments_made'));
    if (current.other_dates) optional.push(clearStep('other_dates'));
    const statusChange = current.status !== 'in_force' && chance(rng, 0.75);
    steps.push(...sample(rng, optional, randInt(rng, 1, 3) - (statusChange ? 1 : 0)));
    if (statusChange) steps.push(statusStep);
  }

  // Walk back from the current state: the last step is the most recent change.
  const states: Snapshot[] = [current];
  const changeSets: Changes[] = [];
  for (let i = steps.length - 1; i >= 0; i--) {
    const { before, changes } = (steps[i] as Step)(states[0] as Snapshot, rng);
    states.unshift(before);
    changeSets.unshift(changes);
  }

  const total = states.length + (row.archived ? 1 : 0);
  const created = officeTime(addDays(now, -randInt(rng, 120, 1100)), rng);
  const span = Math.max(total, daysBetween(created, now) - 2);
  const times: Date[] = [created];
  for (let i = 1; i < total; i++) {
    const previous = times[i - 1] as Date;
    const remaining = daysBetween(previous, now) - 2;
    const gap = Math.max(1, Math.min(remaining, randInt(rng, 1, Math.max(1, Math.floor(span / total)))));
    times.push(officeTime(addDays(previous, gap), rng));
  }

  const versions: PlannedVersion[] = states.map((snapshot, i) => ({
    version: i + 1,
    changeType: i === 0 ? 'created' : 'updated',
    changes: i === 0 ? {} : (changeSets[i - 1] as Changes),
    snapshot,
    changedAt: times[i] as Date,
  }));
  if (row.archived) {
    versions.push({
      version: versions.length + 1,
      changeType: 'archived',
      changes: { archived: { old: false, new: true } },
      snapshot: { ...current, archived: true },
      changedAt: times[times.length - 1] as Date,
    });
  }
  return versions;
}

/** The country in English and French ('Kenya' / 'le Kenya') for the updates' texts. */
interface UpdateCountry {
  en: string;
  fr: string;
}

// Each update in English and French; the agency's name stays as the law names it.
const updateTemplates = {
  partner_state: [
    (country: UpdateCountry, agency: string) => ({
      summary: `${country.en} has tabled an amendment to remove the measure`,
      details: `The ${agency} informed the Sectoral Council on Trade, Industry, Finance and Investment that a draft amendment lifting the requirement for suppliers from other partner states has been submitted for stakeholder consultation.`,
      summaryFr: `${capitalise(country.fr)} a déposé un amendement visant à supprimer la mesure`,
      detailsFr: `L’organisme ${agency} a informé le Conseil sectoriel du commerce, de l’industrie, des finances et de l’investissement qu’un projet d’amendement levant l’exigence imposée aux prestataires des autres États partenaires a été soumis à la consultation des parties prenantes.`,
    }),
    (_country: UpdateCountry, agency: string) => ({
      summary: `Measure under review by the ${agency}`,
      details: `The ${agency} has started a regulatory impact assessment of the measure and expects to report its findings to the national monitoring committee on non-tariff barriers within twelve months.`,
      summaryFr: `Mesure en cours d’examen par l’organisme ${agency}`,
      detailsFr: `L’organisme ${agency} a engagé une analyse d’impact réglementaire de la mesure et compte présenter ses conclusions au comité national de suivi des obstacles non tarifaires dans un délai de douze mois.`,
    }),
    (country: UpdateCountry) => ({
      summary: `${country.en} confirms the measure remains in force`,
      details: `In its reply to the Secretariat's annual questionnaire, ${country.en} confirmed that the measure is applied as described and that no change is planned before the next review of its schedule of commitments.`,
      summaryFr: `${capitalise(country.fr)} confirme que la mesure reste en vigueur`,
      detailsFr: `Dans sa réponse au questionnaire annuel du Secrétariat, ${country.fr} a confirmé que la mesure est appliquée telle que décrite et qu’aucune modification n’est prévue avant le prochain réexamen de sa liste d’engagements.`,
    }),
  ],
  community: [
    (country: UpdateCountry, _agency: string, year: number) => ({
      summary: 'EAC Secretariat lists the measure in the Common Market Scorecard',
      details: `The Common Market Scorecard ${year} identifies the measure as non-conforming with the commitments of ${country.en} on trade in services and recommends its removal.`,
      summaryFr: 'Le Secrétariat de la CAE inscrit la mesure au tableau de bord du marché commun',
      detailsFr: `Le tableau de bord du marché commun ${year} juge la mesure non conforme aux engagements pris par ${country.fr} en matière de commerce des services et recommande sa suppression.`,
    }),
    (country: UpdateCountry, _agency: string, year: number) => ({
      summary: 'Committee on Trade in Services recommends removal',
      details: `Meeting in Arusha, the Committee on Trade in Services recommended that ${country.en} bring the measure into conformity with the Common Market Protocol by June ${year + 1}.`,
      summaryFr: 'Le Comité du commerce des services recommande la suppression',
      detailsFr: `Réuni à Arusha, le Comité du commerce des services a recommandé que ${country.fr} mette la mesure en conformité avec le Protocole du marché commun d’ici juin ${year + 1}.`,
    }),
    () => ({
      summary: 'Private sector raises the measure at the regional dialogue',
      details:
        'The East African Business Council reported that the measure continues to affect service suppliers from other partner states and asked for a time-bound plan for its removal.',
      summaryFr: 'Le secteur privé soulève la mesure lors du dialogue régional',
      detailsFr:
        'Le Conseil des affaires de l’Afrique de l’Est a indiqué que la mesure continue de pénaliser les prestataires des autres États partenaires et a demandé un calendrier précis pour sa suppression.',
    }),
  ],
} as const;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface SeededRestrictions {
  rows: (RestrictionRow & { id: number })[];
  counts: Record<string, number>;
}

/** Reads the generator's context (partner states, sectors, policies in policy-area order) from the base data. */
export async function loadRestrictionContext(tx: Executor): Promise<RestrictionContext> {
  const partnerStates = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.isPartnerState, true))
    .orderBy(asc(countries.sortOrder), asc(countries.code));
  const sectorRows = await tx
    .select({
      id: sectors.id,
      parentId: sectors.parentId,
      level: sectors.level,
      code: sectors.code,
      nameEn: sectors.nameEn,
      nameFr: sectors.nameFr,
    })
    .from(sectors)
    .orderBy(asc(sectors.id));
  const policyRows = await tx
    .select({ id: policies.id, slug: policies.slug })
    .from(policies)
    .orderBy(asc(policies.sortOrder));
  const known = policyOrder.flatMap((slug) => policyRows.filter((p) => p.slug === slug).map((p) => p.id));
  const others = policyRows
    .filter((p) => !(policyOrder as readonly string[]).includes(p.slug))
    .map((p) => p.id);
  return {
    partnerStates: partnerStates.map((c) => c.code),
    sectors: sectorRows,
    policyIds: [...known, ...others],
  };
}

export async function seedRestrictions(
  tx: Executor,
  ctx: RestrictionContext,
  editorId: number,
  adminId: number,
  now: Date,
): Promise<SeededRestrictions> {
  const rows = generateRestrictionRows(ctx, 360, createRng(2026));
  const rng = createRng(2027);
  const histories = rows.map((row) => planHistory(row, rng, now));
  rows.forEach((row, i) => {
    const history = histories[i] as PlannedVersion[];
    const first = history[0] as PlannedVersion;
    const last = history[history.length - 1] as PlannedVersion;
    Object.assign(row, {
      version: last.version,
      createdById: editorId,
      updatedById: editorId,
      createdAt: first.changedAt,
      updatedAt: last.changedAt,
      archivedAt: row.archived ? last.changedAt : null,
    });
  });

  const inserted: (RestrictionRow & { id: number })[] = [];
  for (const chunk of chunks(rows)) {
    const ids = await tx
      .insert(restrictions)
      .values(chunk)
      .returning({ id: restrictions.id, slug: restrictions.slug });
    const bySlug = new Map(ids.map((r) => [r.slug, r.id]));
    for (const row of chunk) inserted.push({ ...row, id: bySlug.get(row.slug) as number });
  }

  const versions: (typeof restrictionVersions.$inferInsert)[] = [];
  const updates: (typeof restrictionUpdates.$inferInsert)[] = [];
  inserted.forEach((row, i) => {
    for (const v of histories[i] as PlannedVersion[]) {
      versions.push({
        restrictionId: row.id,
        version: v.version,
        changeType: v.changeType,
        changes: v.changes,
        snapshot: v.snapshot,
        changedById: v.changeType === 'archived' ? adminId : editorId,
        changedAt: v.changedAt,
      });
    }
    if (!chance(rng, 0.25)) return;
    const created = row.createdAt as Date;
    const profile = profileFor(row.countryCode);
    const country = { en: profile.name, fr: frenchSubject(profile.code, profile.nameFr) };
    for (let n = randInt(rng, 1, 2); n > 0; n--) {
      const source = chance(rng, 0.55) ? 'partner_state' : 'community';
      const when = addDays(created, randInt(rng, 5, Math.max(6, daysBetween(created, now) - 1)));
      const text = pick(rng, updateTemplates[source])(
        country,
        row.responsibleAgency ?? '',
        when.getUTCFullYear(),
      );
      updates.push({
        restrictionId: row.id,
        source,
        summary: text.summary,
        details: text.details,
        summaryFr: text.summaryFr,
        detailsFr: text.detailsFr,
        updateDate: isoDate(when),
        createdById: editorId,
        createdAt: officeTime(when, rng),
      });
    }
  });
  await insertChunked(tx, restrictionVersions, versions);
  await insertChunked(tx, restrictionUpdates, updates);

  return {
    rows: inserted,
    counts: {
      restrictions: inserted.length,
      restriction_versions: versions.length,
      restriction_updates: updates.length,
    },
  };
}
