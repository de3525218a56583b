import type { TPerformance, TPerformanceRow } from '@stp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicHolidays, reviewLogs, reviewStages } from '../../db/schema/index.js';
import { parseCsv } from '../../test/csv-reader.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

// Issue 34, item 2: the public Performance page's figures (docs/complaints-performance.md), against
// complaints of 2011 with known dates (nothing else in the database is that old).

let ctx: TestContext;
const at = (iso: string) => new Date(`${iso}Z`);

interface Fixture {
  ref: string;
  country: string;
  created: string;
  status: string;
  stage: string | null;
  stageDue?: string;
  archived?: boolean;
  /** The applicant's answer to its (first) resolution. */
  feedback?: 'fixed' | 'not_fixed';
  logs: [stage: string, decision: string, when: string][];
}

// Deadlines (set below): regulator 10 calendar days, regional 5 working days (TZ holidays), council 30.
const fixtures: Fixture[] = [
  // Resolved at the regulator after 7 days: on time.
  {
    ref: 'A',
    country: 'KE',
    created: '2011-01-03T10:00:00',
    status: 'resolved',
    stage: null,
    feedback: 'fixed',
    logs: [['regulator', 'resolve', '2011-01-10T10:00:00']],
  },
  // Rejected at the regulator after 20 days.
  {
    ref: 'B',
    country: 'KE',
    created: '2011-01-05T00:00:00',
    status: 'rejected',
    stage: null,
    logs: [['regulator', 'reject', '2011-01-25T00:00:00']],
  },
  // Forwarded after 20 days, resolved at the regional stage 8 days later: on time only because the
  // secretariat's holiday of 23 February moves the 5th working day from 28 February to 1 March.
  {
    ref: 'C',
    country: 'KE',
    created: '2011-02-01T12:00:00',
    status: 'resolved',
    stage: null,
    logs: [
      ['regulator', 'forward', '2011-02-21T12:00:00'],
      ['regional', 'resolve', '2011-03-01T12:00:00'],
    ],
  },
  // Still at the regulator, due 30 March: overdue from then on.
  {
    ref: 'D',
    country: 'UG',
    created: '2011-03-20T00:00:00',
    status: 'submitted',
    stage: 'regulator',
    stageDue: '2011-03-30T00:00:00',
    logs: [],
  },
  // Past its due date but waiting for the applicant's answer: open, not overdue.
  {
    ref: 'E',
    country: 'UG',
    created: '2011-03-01T00:00:00',
    status: 'information_requested',
    stage: 'regulator',
    stageDue: '2011-03-11T00:00:00',
    logs: [['regulator', 'request_information', '2011-03-05T00:00:00']],
  },
  // Lodged in the first quarter, resolved in the second after 4.5 days; the applicant answered "not
  // fixed" and it was reopened at the regulator on 10 April, due again on 20 April.
  {
    ref: 'F',
    country: 'UG',
    created: '2011-03-28T23:00:00',
    status: 'in_review',
    stage: 'regulator',
    stageDue: '2011-04-20T00:00:00',
    feedback: 'not_fixed',
    logs: [
      ['regulator', 'resolve', '2011-04-02T11:00:00'],
      ['regulator', 'reopened', '2011-04-10T00:00:00'],
    ],
  },
  // Archived: not public, counted nowhere.
  {
    ref: 'G',
    country: 'KE',
    created: '2011-01-10T00:00:00',
    status: 'resolved',
    stage: null,
    archived: true,
    logs: [['regulator', 'resolve', '2011-01-11T00:00:00']],
  },
];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db
    .update(reviewStages)
    .set({ deadlineDays: 10, deadlineUnit: 'calendar' })
    .where(eq(reviewStages.stage, 'regulator'));
  await ctx.db
    .update(reviewStages)
    .set({ deadlineDays: 5, deadlineUnit: 'working' })
    .where(eq(reviewStages.stage, 'regional'));
  await ctx.db
    .update(reviewStages)
    .set({ deadlineDays: 30, deadlineUnit: 'calendar' })
    .where(eq(reviewStages.stage, 'council'));
  await ctx.db
    .insert(publicHolidays)
    .values({ countryCode: 'TZ', date: '2011-02-23', nameEn: 'Test day', nameFr: 'Jour de test' });
  for (const fixture of fixtures) {
    // Raw SQL: only the columns these figures read (other work may add columns to the schema).
    const closed = fixture.status === 'resolved' || fixture.status === 'rejected';
    const inserted = await ctx.db.execute(sql`insert into complaints (reference, restriction_type,
        details_of_occurrence, date_of_occurrence, country_code, brief_description, status, stage,
        stage_started_at, stage_due_at, archived, created_at, public_summary, resolution_note)
      values (${`PERF-2011-${fixture.ref}`}, 'other', 'Details', '2011-01-01', ${fixture.country}, 'Brief',
        ${fixture.status}, ${fixture.stage}, ${fixture.stage ? at(fixture.created).toISOString() : null},
        ${fixture.stageDue ? at(fixture.stageDue).toISOString() : null}, ${fixture.archived ?? false},
        ${at(fixture.created).toISOString()}, ${closed ? 'Summary' : null}, ${closed ? 'Note' : null})
      returning id`);
    const row = (inserted as { rows: { id: number }[] }).rows[0];
    const resolvedAt = fixture.logs.find(([, decision]) => decision === 'resolve')?.[2];
    if (fixture.feedback && resolvedAt)
      await ctx.db
        .execute(sql`insert into complaint_feedback (complaint_id, resolved_at, resolved_stage, outcome, reason)
        values (${row!.id}, ${at(resolvedAt).toISOString()}, 'regulator', ${fixture.feedback},
          ${fixture.feedback === 'fixed' ? null : 'Still there'})`);
    for (const [stage, decision, when] of fixture.logs)
      await ctx.db.insert(reviewLogs).values({ complaintId: row!.id, stage, decision, createdAt: at(when) });
  }
});
afterAll(() => ctx.close());

async function figures(query: string): Promise<TPerformance> {
  const response = await ctx.client().request({ url: `/api/complaints/performance/?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPerformance>();
}

const rowOf = (result: TPerformance, country: string | null, stage: string): TPerformanceRow => {
  const row = result.rows.find((r) => (r.country?.code ?? null) === country && r.stage === stage);
  expect(row, `${country} ${stage}`).toBeDefined();
  return row!;
};

const zero = {
  received: 0,
  resolved: 0,
  rejected: 0,
  forwarded: 0,
  open: 0,
  overdue: 0,
  median_days: null,
  p90_days: null,
  resolved_on_time: 0,
  on_time_share: null,
  feedback_answered: 0,
  confirmed_fixed: 0,
  confirmed_share: null,
};

describe('the Performance figures', () => {
  it('counts the first quarter per partner state and stage, from the stage dates of the review log', async () => {
    const result = await figures('year=2011&quarter=1');
    expect(result).toMatchObject({
      year: 2011,
      quarter: 1,
      from: '2011-01-01T00:00:00.000Z',
      to: '2011-04-01T00:00:00.000Z',
      as_of: '2011-04-01T00:00:00.000Z',
    });
    expect(rowOf(result, 'KE', 'regulator')).toMatchObject({
      received: 3,
      resolved: 1,
      rejected: 1,
      forwarded: 1,
      open: 0,
      overdue: 0,
      median_days: 20,
      p90_days: 20,
      resolved_on_time: 1,
      on_time_share: 1,
      // The applicant of A answered that the barrier is gone.
      feedback_answered: 1,
      confirmed_fixed: 1,
      confirmed_share: 1,
    });
    expect(rowOf(result, 'KE', 'regional')).toMatchObject({
      received: 1,
      resolved: 1,
      rejected: 0,
      forwarded: 0,
      open: 0,
      overdue: 0,
      median_days: 8,
      p90_days: 8,
      resolved_on_time: 1,
      on_time_share: 1,
    });
    expect(rowOf(result, 'KE', 'council')).toMatchObject(zero);
    expect(rowOf(result, 'UG', 'regulator')).toMatchObject({ ...zero, received: 3, open: 3, overdue: 1 });
    // Every partner state has its rows, with nothing in them.
    expect(rowOf(result, 'TZ', 'regulator')).toMatchObject(zero);
    expect(rowOf(result, null, 'regulator')).toMatchObject({
      received: 6,
      resolved: 1,
      rejected: 1,
      forwarded: 1,
      open: 3,
      overdue: 1,
      median_days: 20,
      on_time_share: 1,
    });
    // Counts and durations only: nothing of the complaints themselves.
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/PERF-2011|Brief|Details|Summary/);
  });

  it('counts a whole year and a later quarter (an open stage stays open until it ends)', async () => {
    const year = await figures('year=2011');
    expect(year).toMatchObject({ quarter: null, to: '2012-01-01T00:00:00.000Z' });
    // F's reopening is no new complaint received; it is open again and overdue since 20 April.
    expect(rowOf(year, 'UG', 'regulator')).toMatchObject({
      received: 3,
      resolved: 1,
      open: 3,
      overdue: 2,
      median_days: 4.5,
      p90_days: 4.5,
      resolved_on_time: 1,
      on_time_share: 1,
    });
    // Ended stages of every state: 4.5, 7, 20, 20 days.
    expect(rowOf(year, null, 'regulator')).toMatchObject({
      received: 6,
      resolved: 2,
      median_days: 13.5,
      p90_days: 20,
    });
    const second = await figures('year=2011&quarter=2');
    expect(rowOf(second, 'UG', 'regulator')).toMatchObject({
      ...zero,
      resolved: 1,
      open: 3,
      overdue: 2,
      median_days: 4.5,
      p90_days: 4.5,
      resolved_on_time: 1,
      on_time_share: 1,
      feedback_answered: 1,
      confirmed_fixed: 0,
      confirmed_share: 0,
    });
    expect(rowOf(second, 'KE', 'regulator')).toMatchObject(zero);
    expect(year.years).toContain(2011);
    expect(year.years).toContain(new Date().getUTCFullYear());
  });

  it('counts a resolution after the due date as late', async () => {
    // The regional stage without the holiday: due 28 February, resolved 1 March.
    await ctx.db.delete(publicHolidays).where(eq(publicHolidays.date, '2011-02-23'));
    const result = await figures('year=2011&quarter=1');
    expect(rowOf(result, 'KE', 'regional')).toMatchObject({
      resolved: 1,
      resolved_on_time: 0,
      on_time_share: 0,
    });
    await ctx.db
      .insert(publicHolidays)
      .values({ countryCode: 'TZ', date: '2011-02-23', nameEn: 'Test day', nameFr: 'Jour de test' });
  });

  it('gives the same figures as CSV, in English and French', async () => {
    const response = await ctx
      .client()
      .request({ url: '/api/complaints/performance/data.csv?year=2011&quarter=1&lang=fr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="complaints-performance-2011-q1.csv"',
    );
    const lines = parseCsv(response.body.replace(/^\ufeff/, ''));
    expect(lines[0]).toEqual([
      'État partenaire',
      'Étape',
      'Reçues',
      'Résolues',
      'Rejetées',
      'Transmises',
      'Ouvertes',
      'En retard',
      'Jours (médiane)',
      'Jours (90e centile)',
      'Résolues dans le délai',
      'Part résolue dans le délai (%)',
      'Réponses du demandeur',
      'Confirmées réglées',
      'Part confirmée réglée (%)',
    ]);
    const kenya = lines.find((line) => line[0] === 'Kenya' && line[1] === 'Régulateur national');
    expect(kenya).toEqual([
      'Kenya',
      'Régulateur national',
      '3',
      '1',
      '1',
      '1',
      '0',
      '0',
      '20',
      '20',
      '1',
      '100',
      '1',
      '1',
      '100',
    ]);
    const english = await ctx.client().request({ url: '/api/complaints/performance/data.csv?year=2011' });
    expect(parseCsv(english.body.replace(/^\ufeff/, ''))[0]![0]).toBe('Partner state');
  });

  it('puts the page in the sitemap, in both languages', async () => {
    const sitemap = (await ctx.client().request({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('<loc>http://portal.test/public/complaints/performance?lang=en</loc>');
    expect(sitemap).toContain('<loc>http://portal.test/public/complaints/performance?lang=fr</loc>');
  });

  it('refuses a bad period with a clear message and no figures', async () => {
    for (const [query, field, message] of [
      ['year=abc', 'year', 'Choose a year from 2000 to 2100.'],
      ['', 'year', 'Choose a year from 2000 to 2100.'],
      ['year=1999', 'year', 'Choose a year from 2000 to 2100.'],
      ['year=2011&quarter=5', 'quarter', 'Choose a quarter from 1 to 4, or none for the whole year.'],
      ['year=2011&quarter=1.5', 'quarter', 'Choose a quarter from 1 to 4, or none for the whole year.'],
    ] as const) {
      const response = await ctx.client().request({ url: `/api/complaints/performance/?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json<{ errors: Record<string, string> }>().errors[field], query).toBe(message);
    }
    const csv = await ctx.client().request({ url: '/api/complaints/performance/data.csv?year=2011&lang=de' });
    expect(csv.statusCode).toBe(422);
  });
});
