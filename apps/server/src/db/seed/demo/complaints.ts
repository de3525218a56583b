// Demo complaints from the two client accounts, covering every status and review stage, with review logs.

import type { Executor } from '../../client.js';
import { complaints, reviewLogs, reviewStages } from '../../schema/index.js';
import type { AccountKey } from './accounts.js';
import { publicRecordFor } from './complaint-records.js';
import { commercantStories, traderStories, type Story } from './complaint-stories.js';
import { lawFor, type CountryProfile } from './country-profile.js';
import { addDays, insertChunked, isoDate, officeTime } from './db-utils.js';
import { chance, createRng, pick, randInt, type Rng } from './random.js';
import { profileFor, type RestrictionContext, type RestrictionRow } from './restriction-generator.js';
import { sectorFamily } from './sector-labels.js';

type Stage = 'regulator' | 'regional' | 'council';
type Decision = 'forward' | 'resolve' | 'reject' | 'request_information';
type Applicant = 'trader' | 'commercant';

interface Scenario {
  /** The stage the complaint is in now (open) or was closed at, and how it got there. */
  path: readonly (readonly [Stage, Decision])[];
  status: 'submitted' | 'in_review' | 'information_requested' | 'resolved' | 'rejected';
  country: string;
  applicant: Applicant;
  overdue?: boolean;
  archived?: boolean;
}

const toRegional = [['regulator', 'forward']] as const;
const toCouncil = [
  ['regulator', 'forward'],
  ['regional', 'forward'],
] as const;

const s = (
  status: Scenario['status'],
  path: Scenario['path'],
  country: string,
  applicant: Applicant,
  flags: { overdue?: boolean; archived?: boolean } = {},
): Scenario => ({ status, path, country, applicant, ...flags });

// Regulator-stage decisions exist only for Kenya and Tanzania, the two partner states with a regulator account;
// complaints about the others are taken up directly by the regional reviewer.
const scenarios: Scenario[] = [
  s('submitted', [], 'TZ', 'trader', { overdue: true }),
  s('submitted', [], 'UG', 'trader'),
  s('submitted', [], 'KE', 'commercant'),
  s('submitted', [], 'RW', 'trader'),
  s('submitted', [], 'SS', 'trader', { overdue: true }),
  s('submitted', [], 'CD', 'commercant'),
  s('submitted', [], 'BI', 'trader'),
  s('in_review', [], 'KE', 'commercant', { overdue: true }),
  s('in_review', [], 'TZ', 'trader'),
  s('in_review', [], 'KE', 'commercant'),
  s('in_review', [], 'TZ', 'commercant', { overdue: true }),
  s('in_review', [], 'KE', 'commercant'),
  s('in_review', [], 'TZ', 'trader'),
  s('in_review', toRegional, 'KE', 'commercant'),
  s('in_review', toRegional, 'TZ', 'trader', { overdue: true }),
  s('in_review', toRegional, 'UG', 'trader'),
  s('in_review', toRegional, 'RW', 'trader'),
  s('in_review', toRegional, 'BI', 'trader', { overdue: true }),
  s('in_review', toRegional, 'SO', 'trader'),
  s('in_review', toRegional, 'TZ', 'commercant'),
  s('in_review', toCouncil, 'KE', 'commercant'),
  s('in_review', toCouncil, 'TZ', 'trader', { overdue: true }),
  s('in_review', toCouncil, 'UG', 'commercant'),
  s('in_review', toCouncil, 'CD', 'trader'),
  s('information_requested', [['regulator', 'request_information']], 'KE', 'commercant'),
  s('information_requested', [['regulator', 'request_information']], 'TZ', 'trader'),
  s('information_requested', [...toRegional, ['regional', 'request_information']], 'UG', 'trader'),
  s('information_requested', [...toRegional, ['regional', 'request_information']], 'RW', 'commercant'),
  s('resolved', [['regulator', 'resolve']], 'KE', 'commercant'),
  s('resolved', [['regulator', 'resolve']], 'TZ', 'trader'),
  s('resolved', [...toRegional, ['regional', 'resolve']], 'UG', 'trader', { archived: true }),
  s('resolved', [...toRegional, ['regional', 'resolve']], 'RW', 'commercant'),
  s('resolved', [...toCouncil, ['council', 'resolve']], 'KE', 'commercant'),
  s('resolved', [...toCouncil, ['council', 'resolve']], 'TZ', 'trader'),
  s('resolved', [...toRegional, ['regional', 'resolve']], 'BI', 'trader', { archived: true }),
  s('rejected', [['regulator', 'reject']], 'KE', 'commercant'),
  s('rejected', [...toRegional, ['regional', 'reject']], 'TZ', 'commercant'),
  s('rejected', [...toRegional, ['regional', 'reject']], 'SS', 'trader'),
  s('rejected', [...toCouncil, ['council', 'reject']], 'CD', 'commercant', { archived: true }),
  s('rejected', [...toRegional, ['regional', 'reject']], 'RW', 'trader'),
];

type Comment = (c: CountryProfile, agency: string) => string;
const comments: Record<Decision, Record<Stage, readonly Comment[]>> = {
  forward: {
    regulator: [
      (_c, agency) =>
        `Checked with the ${agency}: the requirement is applied under national law and cannot be waived at the national level. Forwarded for regional review.`,
      (_c, agency) =>
        `The facts are confirmed by the ${agency}. The measure is recorded on the portal and is not covered by a scheduled limitation; forwarding to the regional reviewers.`,
    ],
    regional: [
      (c) =>
        `The measure appears inconsistent with the commitments of ${c.name} under the Common Market Protocol, and the partner state did not agree to remove it within the regional review period. Referred to the Council.`,
      (c, agency) =>
        `Consultations with the ${agency} have not produced a solution; ${c.name} maintains that the measure is justified. Referred to the Council for a decision.`,
    ],
    council: [],
  },
  request_information: {
    regulator: [
      (_c, agency) =>
        `Please upload a copy of the refusal letter or notice from the ${agency} and give the date of your application.`,
      () =>
        'Please provide the receipts for the fees paid and the names of the officers you dealt with, if known.',
    ],
    regional: [
      () =>
        'Please indicate the exact place and date of each occurrence and attach any documents you received.',
      () =>
        "Merci de préciser la date exacte des faits et de joindre tout document reçu de l'administration concernée.",
    ],
    council: [],
  },
  resolve: {
    regulator: [
      (_c, agency) =>
        `The ${agency} has confirmed that the requirement does not apply to citizens of the partner states and has processed the application. Complaint resolved.`,
      (_c, agency) =>
        `The ${agency} has refunded the fee and instructed its officers accordingly. The complainant confirmed receipt.`,
    ],
    regional: [
      (c, agency) =>
        `Following consultations between the Secretariat and the ${agency}, ${c.name} has agreed to waive the requirement for EAC citizens pending an amendment of the law. The complainant has been informed.`,
      (c) =>
        `${c.name} has issued an administrative circular exempting suppliers from the partner states. Resolved; the measure will be updated on the portal.`,
    ],
    council: [
      (c, agency) =>
        `The Council directed ${c.name} to remove the measure by the end of the financial year; the ${agency} has meanwhile exempted suppliers from the partner states. Resolved.`,
    ],
  },
  reject: {
    regulator: [
      () =>
        'The requirement applies equally to nationals and is a legitimate licensing condition; it is not a barrier under the Common Market Protocol. Rejected.',
    ],
    regional: [
      () =>
        'The complaint concerns a commercial dispute with a private client, which falls outside the scope of the complaint procedure. Rejected.',
      () =>
        'The documents provided do not show that the requirement was applied because of the nationality of the supplier. Rejected; the complainant may submit a new complaint with further evidence.',
    ],
    council: [
      (c) =>
        `The Council noted that the measure is covered by a limitation scheduled by ${c.name} and decided to take no further action.`,
    ],
  },
};

/** Days a reviewer typically takes at each stage before acting. */
const actingDays: Record<Stage, readonly [number, number]> = {
  regulator: [3, 12],
  regional: [5, 18],
  council: [8, 26],
};

interface Planned {
  scenario: Scenario;
  story: Story;
  createdAt: Date;
  logs: { stage: Stage; decision: Decision; at: Date }[];
  stage: Stage | null;
  stageStartedAt: Date | null;
}

function plan(
  scenario: Scenario,
  story: Story,
  deadlines: Record<Stage, number>,
  now: Date,
  rng: Rng,
): Planned {
  const last = scenario.path[scenario.path.length - 1];
  const closed = scenario.status === 'resolved' || scenario.status === 'rejected';
  const logs: Planned['logs'] = [];
  if (closed) {
    // Closed complaints: walk forward from the submission.
    const createdAt = officeTime(addDays(now, -randInt(rng, 60, 235)), rng);
    let at = createdAt;
    for (const [stage, decision] of scenario.path) {
      at = officeTime(addDays(at, randInt(rng, ...actingDays[stage])), rng);
      logs.push({ stage, decision, at });
    }
    return { scenario, story, createdAt, logs, stage: null, stageStartedAt: null };
  }
  // Open complaints: the current stage started recently, or long enough ago to be overdue.
  const stage: Stage = last ? (last[1] === 'forward' ? nextStage(last[0]) : last[0]) : 'regulator';
  const deadline = deadlines[stage];
  const startedAgo = scenario.overdue
    ? deadline + randInt(rng, 3, 25)
    : randInt(rng, 6, Math.max(6, deadline - 3));
  const stageStartedAt = officeTime(addDays(now, -startedAgo), rng);
  const forwards = scenario.path.filter(([, d]) => d === 'forward');
  let at = stageStartedAt;
  const earlier: Planned['logs'] = [];
  for (let i = forwards.length - 1; i >= 0; i--) {
    const [fromStage] = forwards[i] as readonly [Stage, Decision];
    earlier.unshift({ stage: fromStage, decision: 'forward', at });
    at = officeTime(addDays(at, -randInt(rng, ...actingDays[fromStage])), rng);
  }
  logs.push(...earlier);
  if (last && last[1] === 'request_information') {
    logs.push({
      stage,
      decision: 'request_information',
      at: officeTime(addDays(stageStartedAt, randInt(rng, 1, 4)), rng),
    });
  }
  return { scenario, story, createdAt: at, logs, stage, stageStartedAt };
}

function nextStage(stage: Stage): Stage {
  return stage === 'regulator' ? 'regional' : 'council';
}

export async function seedComplaints(
  tx: Executor,
  ctx: RestrictionContext,
  restrictionRows: readonly (RestrictionRow & { id: number })[],
  ids: Record<AccountKey, number>,
  now: Date,
): Promise<Record<string, number>> {
  const rng = createRng(2024);
  const stageRows = await tx.select().from(reviewStages);
  const deadlines = { regulator: 14, regional: 21, council: 30 } as Record<Stage, number>;
  for (const row of stageRows) if (row.stage in deadlines) deadlines[row.stage as Stage] = row.deadlineDays;
  const sectorIds = new Map(ctx.sectors.map((sector) => [sector.code, sector.id]));

  const used: Record<Applicant, number> = { trader: 0, commercant: 0 };
  const planned = scenarios.map((scenario, i) => {
    const pool = scenario.applicant === 'trader' ? traderStories : commercantStories;
    // Rotate through the stories, skipping ahead by a prime so neighbouring scenarios differ.
    const story = pool[(used[scenario.applicant]++ * 5 + i) % pool.length] as Story;
    return plan(scenario, story, deadlines, now, rng);
  });
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const complaintRows: (typeof complaints.$inferInsert)[] = planned.map((p, i) => {
    const profile = profileFor(p.scenario.country);
    const told = p.story.tell(profile);
    const candidates = restrictionRows.filter(
      (r) =>
        r.countryCode === p.scenario.country && r.restrictionType === p.story.restrictionType && !r.archived,
    );
    const lastLog = p.logs[p.logs.length - 1];
    const updatedAt = lastLog?.at ?? p.createdAt;
    const closedAt = p.stage === null ? (lastLog?.at ?? p.createdAt) : null;
    // Archived a week or more after closing, but never in the future.
    const archivedAt =
      p.scenario.archived && closedAt
        ? new Date(
            Math.min(
              officeTime(addDays(closedAt, randInt(rng, 7, 30)), rng).getTime(),
              now.getTime() - 3_600_000,
            ),
          )
        : null;
    const outcome =
      p.scenario.status === 'resolved' || p.scenario.status === 'rejected' ? p.scenario.status : null;
    // The closing reviewer's public record: what the public list shows instead of the applicant's words.
    const record =
      outcome && lastLog ? publicRecordFor(outcome, lastLog.stage, p.story.restrictionType, profile) : {};
    return {
      ...record,
      reference: `CMP-${p.createdAt.getUTCFullYear()}-${String(i + 1).padStart(6, '0')}`,
      applicantId: ids[p.scenario.applicant],
      restrictionType: p.story.restrictionType,
      detailsOfOccurrence: told.details,
      dateOfOccurrence: isoDate(addDays(p.createdAt, -randInt(rng, 2, 30))),
      countryCode: p.scenario.country,
      briefDescription: told.brief,
      restrictionId: candidates.length > 0 && chance(rng, 0.6) ? pick(rng, candidates).id : null,
      sectorId: chance(rng, 0.85) ? (sectorIds.get(p.story.sectorCode) ?? null) : null,
      status: p.scenario.status,
      stage: p.stage,
      stageStartedAt: p.stageStartedAt,
      stageDueAt: p.stageStartedAt && p.stage ? addDays(p.stageStartedAt, deadlines[p.stage]) : null,
      dateResolved: p.scenario.status === 'resolved' ? closedAt : null,
      source: 'web',
      version: 1 + p.logs.length,
      archived: p.scenario.archived ?? false,
      archivedAt,
      createdAt: p.createdAt,
      updatedAt: archivedAt ?? updatedAt,
    };
  });
  const inserted = await tx
    .insert(complaints)
    .values(complaintRows)
    .returning({ id: complaints.id, reference: complaints.reference });
  const idByReference = new Map(inserted.map((row) => [row.reference, row.id]));

  const logs: (typeof reviewLogs.$inferInsert)[] = [];
  planned.forEach((p, i) => {
    const profile = profileFor(p.scenario.country);
    const agency =
      p.story.restrictionType === 'work_permit'
        ? profile.laws.immigration[2]
        : lawFor(profile, sectorFamily(p.story.sectorCode))[2];
    const complaintId = idByReference.get(complaintRows[i]?.reference ?? '') as number;
    for (const log of p.logs) {
      logs.push({
        complaintId,
        reviewerId: reviewerFor(log.stage, p.scenario.country, ids),
        stage: log.stage,
        decision: log.decision,
        comments: commentFor(log, p.scenario.country, profile, agency, rng),
        createdAt: log.at,
      });
    }
  });
  await insertChunked(tx, reviewLogs, logs);
  return { complaints: complaintRows.length, review_logs: logs.length };
}

function reviewerFor(stage: Stage, country: string, ids: Record<AccountKey, number>): number {
  if (stage === 'council') return ids.council;
  if (stage === 'regulator' && country === 'KE') return ids.regulatorKe;
  if (stage === 'regulator' && country === 'TZ') return ids.regulatorTz;
  return ids.regional;
}

function commentFor(
  log: { stage: Stage; decision: Decision },
  country: string,
  profile: CountryProfile,
  agency: string,
  rng: Rng,
): string {
  if (log.stage === 'regulator' && country !== 'KE' && country !== 'TZ') {
    return `No national regulator account is registered on the portal for ${profile.name}; the complaint was screened at the national stage by the regional reviewer, with the ${agency} consulted by e-mail. Forwarded for regional review.`;
  }
  const options = comments[log.decision][log.stage];
  return options.length > 0 ? pick(rng, options)(profile, agency) : '';
}
