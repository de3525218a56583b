import type { ReviewStage, TPerformance, TPerformanceQuery, TPerformanceRow } from '@stp/shared';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicAs } from '../../db/public-visibility.js';
import { countries, reviewStages } from '../../db/schema/index.js';
import { rowsOf } from '../restrictions/browse-store.js';
import { secretariatCountry } from './stage-due.js';

/*
 * The public Performance page of complaint handling (docs/complaints-performance.md): per partner state
 * and review stage, what happened in a year or a quarter. Every figure is counted in SQL over the stage
 * episodes of the public complaints (db/public-visibility.ts), read from the review log; only counts and
 * durations leave, never a complaint, its text or its applicant.
 */

/** The period of a year and optional quarter: [from, to) in UTC. */
export function periodOf(query: TPerformanceQuery): { from: Date; to: Date } {
  const first = query.quarter ? (query.quarter - 1) * 3 : 0;
  const months = query.quarter ? 3 : 12;
  return {
    from: new Date(Date.UTC(query.year, first, 1)),
    to: new Date(Date.UTC(query.year, first + months, 1)),
  };
}

const ending = sql.raw(`('forward', 'resolve', 'reject')`);

/** The review log rows that start a stage again: the applicant's "not fixed" reopening it (item 4). */
const markers = sql.raw(`('forward', 'resolve', 'reject', 'reopened')`);

/**
 * Each stage a public complaint went through: it starts when the complaint was lodged, the previous
 * stage ended or a "not fixed" answer reopened it (`reentry`), and ends with the forward, resolve or
 * reject decision taken at it (review log); the current stage of an open complaint has no end and its
 * stored due date.
 */
const episodes = (visible: SQL) => sql`
  select m.complaint_id, c.country_code, m.stage, m.decision as outcome, m.created_at as ended_at,
    coalesce(m.prev_at, c.created_at) as started_at, coalesce(m.prev_decision = 'reopened', false) as reentry,
    null::timestamptz as stored_due
  from (select l.complaint_id, l.stage, l.decision, l.created_at,
      lag(l.created_at) over w as prev_at, lag(l.decision) over w as prev_decision
    from review_logs l where l.decision in ${markers}
    window w as (partition by l.complaint_id order by l.created_at, l.id)) m
  join complaints c on c.id = m.complaint_id
  where m.decision in ${ending} and ${visible}
  union all
  select c.id, c.country_code, c.stage, null, null, coalesce(last.created_at, c.created_at),
    coalesce(last.decision = 'reopened', false), c.stage_due_at
  from complaints c
  left join lateral (select l.created_at, l.decision from review_logs l
    where l.complaint_id = c.id and l.decision in ${markers}
    order by l.created_at desc, l.id desc limit 1) last on true
  where c.stage is not null and ${visible}`;

/**
 * The due date of an ended stage, counted as the stage's deadline counts today (stage-due.ts): from the
 * stage's start, or the applicant's last answer at it (which restarts the clock), calendar days, or
 * working days skipping weekends and the holidays of the regulator's country (the secretariat's at the
 * regional and council stages).
 */
const computedDue = sql`case
  when rs.deadline_unit = 'working' and rs.deadline_days > 0 then
    (select (g.d::date + (k.clock_start at time zone 'UTC')::time) at time zone 'UTC'
      from generate_series(((k.clock_start at time zone 'UTC')::date + 1)::timestamp,
        ((k.clock_start at time zone 'UTC')::date + rs.deadline_days * 2 + 60)::timestamp, interval '1 day') as g(d)
      where extract(isodow from g.d) < 6 and not exists (select 1 from public_holidays h
        where h.date = g.d::date
          and h.country_code = case when k.stage = 'regulator' then k.country_code else ${secretariatCountry} end)
      order by g.d offset rs.deadline_days - 1 limit 1)
  else k.clock_start + rs.deadline_days * interval '1 day' end`;

/** What the SQL counts for one country (null: every country) and stage: the row less the shares it derives. */
type Counted = Omit<TPerformanceRow, 'country' | 'on_time_share' | 'confirmed_share'> & {
  country_code: string | null;
};

/** The figures of [from, to) per country and stage, and per stage over every country (country null). */
async function countPeriod(db: Executor, from: Date, to: Date, asOf: Date | null): Promise<Counted[]> {
  const visible = publicAs('complaint', 'c');
  const inPeriod = (column: string) =>
    sql.raw(`(k.${column} >= '${from.toISOString()}' and k.${column} < '${to.toISOString()}')`);
  const ended = inPeriod('ended_at');
  // Open at the period's end (or now): entered before it and not ended then; none in a future period.
  const openAt = asOf
    ? sql`(k.started_at < ${asOf.toISOString()}::timestamptz and (k.ended_at is null or k.ended_at >= ${asOf.toISOString()}::timestamptz))`
    : sql`false`;
  const asOfText = (asOf ?? from).toISOString();
  const result = await db.execute(sql`
    with e as (${episodes(visible)}),
    k as (
      select e.*,
        -- The applicant's last answer at this stage before its end (or the period's end) restarts the clock.
        greatest(e.started_at, coalesce((select max(l.created_at) from review_logs l
          where l.complaint_id = e.complaint_id and l.stage = e.stage and l.decision = 'information_provided'
            and l.created_at > e.started_at and l.created_at < least(coalesce(e.ended_at, 'infinity'), ${asOfText}::timestamptz)),
          e.started_at)) as clock_start,
        -- Waiting for the applicant at the period's end: a request not answered by then.
        exists (select 1 from review_logs r where r.complaint_id = e.complaint_id and r.stage = e.stage
          and r.decision = 'request_information' and r.created_at >= e.started_at and r.created_at < ${asOfText}::timestamptz
          and not exists (select 1 from review_logs p where p.complaint_id = e.complaint_id and p.stage = e.stage
            and p.decision = 'information_provided' and p.created_at > r.created_at and p.created_at < ${asOfText}::timestamptz)
        ) as waiting
      from e
      where e.started_at < ${to.toISOString()}::timestamptz and (e.ended_at is null or e.ended_at >= ${from.toISOString()}::timestamptz)
    ),
    d as (
      select k.*, extract(epoch from (k.ended_at - k.started_at)) / 86400 as days,
        coalesce(k.stored_due, ${computedDue}) as due_at
      from k join review_stages rs on rs.stage = k.stage
    )
    select k.country_code, k.stage,
      count(*) filter (where ${inPeriod('started_at')} and not k.reentry)::int as received,
      count(*) filter (where k.outcome = 'resolve' and ${ended})::int as resolved,
      count(*) filter (where k.outcome = 'reject' and ${ended})::int as rejected,
      count(*) filter (where k.outcome = 'forward' and ${ended})::int as forwarded,
      count(*) filter (where ${openAt})::int as open,
      count(*) filter (where ${openAt} and not k.waiting and k.due_at < ${asOfText}::timestamptz)::int as overdue,
      round((percentile_cont(0.5) within group (order by k.days) filter (where ${ended}))::numeric, 1)::float8 as median_days,
      round((percentile_cont(0.9) within group (order by k.days) filter (where ${ended}))::numeric, 1)::float8 as p90_days,
      count(*) filter (where k.outcome = 'resolve' and ${ended} and k.ended_at <= k.due_at)::int as resolved_on_time,
      count(f.outcome) filter (where k.outcome = 'resolve' and ${ended})::int as feedback_answered,
      count(*) filter (where k.outcome = 'resolve' and ${ended} and f.outcome = 'fixed')::int as confirmed_fixed
    from d as k
    -- The applicant's answer to this resolution (item 4): its resolved_at is the resolve decision's time.
    left join complaint_feedback f on f.complaint_id = k.complaint_id and f.resolved_at = k.ended_at
      and k.outcome = 'resolve'
    group by grouping sets ((k.country_code, k.stage), (k.stage))`);
  return rowsOf<Counted>(result);
}

/** The years the public complaints were lodged in, with the current one, newest first. */
async function yearsOf(db: Executor, now: Date): Promise<number[]> {
  const result =
    await db.execute(sql`select distinct extract(year from c.created_at at time zone 'UTC')::int as year
    from complaints c where ${publicAs('complaint', 'c')}`);
  const years = new Set(rowsOf<{ year: number }>(result).map((row) => Number(row.year)));
  years.add(now.getUTCFullYear());
  return [...years].sort((a, b) => b - a);
}

const emptyCounts: Omit<Counted, 'country_code' | 'stage'> = {
  received: 0,
  resolved: 0,
  rejected: 0,
  forwarded: 0,
  open: 0,
  overdue: 0,
  median_days: null,
  p90_days: null,
  resolved_on_time: 0,
  feedback_answered: 0,
  confirmed_fixed: 0,
};

/** The Performance figures of a year or quarter: a row per partner state and stage, then per stage for all. */
export async function complaintPerformance(
  db: Executor,
  query: TPerformanceQuery,
  now = new Date(),
): Promise<TPerformance> {
  const { from, to } = periodOf(query);
  const asOf = from > now ? null : new Date(Math.min(to.getTime(), now.getTime()));
  const [counted, states, stages, years] = await Promise.all([
    countPeriod(db, from, to, asOf),
    db
      .select({ code: countries.code, name_en: countries.nameEn, name_fr: countries.nameFr })
      .from(countries)
      .where(eq(countries.isPartnerState, true))
      .orderBy(asc(countries.sortOrder), asc(countries.code)),
    db.select({ stage: reviewStages.stage }).from(reviewStages).orderBy(asc(reviewStages.position)),
    yearsOf(db, now),
  ]);
  const key = (country: string | null, stage: string) => `${country ?? '*'}:${stage}`;
  const byKey = new Map(counted.map((row) => [key(row.country_code, row.stage), row]));
  const rowFor = (country: TPerformanceRow['country'], stage: ReviewStage): TPerformanceRow => {
    const found = byKey.get(key(country?.code ?? null, stage));
    const {
      country_code: _code,
      stage: _stage,
      ...counts
    } = found ?? { country_code: null, stage, ...emptyCounts };
    const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
    return {
      country,
      stage,
      ...counts,
      on_time_share: share(counts.resolved_on_time, counts.resolved),
      confirmed_share: share(counts.confirmed_fixed, counts.feedback_answered),
    };
  };
  const stageIds = stages.map((row) => row.stage as ReviewStage);
  return {
    year: query.year,
    quarter: query.quarter ?? null,
    from: from.toISOString(),
    to: to.toISOString(),
    as_of: (asOf ?? from).toISOString(),
    years,
    rows: [
      ...states.flatMap((state) => stageIds.map((stage) => rowFor(state, stage))),
      ...stageIds.map((stage) => rowFor(null, stage)),
    ],
  };
}
