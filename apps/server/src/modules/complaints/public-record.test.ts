import type { Paginated, TComplaintDetail, TPublicComplaint, TPublicComplaintListItem } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSector } from '../../db/public-visibility.js';
import { auditLog, complaints, reviewLogs, sectors } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { refuseInserts } from '../../test/refuse-inserts.js';
import { multipart, roles, signIn, validForm } from './complaints.fixtures.js';
import { stageDates } from './public-record.js';

// Issue 34, item 2: the public record of complaint handling (docs/complaints-public-record.md).

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let regulatorKe: Account;
let regional: Account;
let sectorId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  applicant = await signIn(ctx, roles.client());
  regulatorKe = await signIn(ctx, roles.regulator('KE'));
  regional = await signIn(ctx, roles.regional());
  const [sector] = await ctx.db.select({ id: sectors.id }).from(sectors).where(publicSector).limit(1);
  sectorId = sector!.id;
});
afterAll(() => ctx.close());

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function lodge(brief: string) {
  const response = await applicant.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(validForm({ brief_description: brief, sector_id: String(sectorId) })),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { slug } = response.json<{ slug: string }>();
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
  return row!;
}

function review(client: TestClient, id: number, body: Record<string, unknown>) {
  return client.request({ method: 'POST', url: `/api/manage/complaints/${id}/review/`, payload: body });
}

async function publicList(query = '') {
  const response = await ctx.client().request({ url: `/api/complaints/public/?page_size=100${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, page: response.json<Paginated<TPublicComplaintListItem>>() };
}

async function publicView(reference: string) {
  const response = await ctx.client().request({ url: `/api/complaints/public/${reference}/` });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, complaint: response.json<TPublicComplaint>() };
}

describe("the applicant's own words are never public", () => {
  it("a client's new complaint is listed without its brief description, which no search finds", async () => {
    const brief = `Brief words ${unique()}`;
    const row = await lodge(brief);
    const { body, page } = await publicList();
    const listed = page.results.find((item) => item.reference === row.reference);
    expect(listed).toMatchObject({ status: 'submitted', stage: 'regulator', public_summary: null });
    expect(listed).not.toHaveProperty('brief_description');
    expect(body).not.toContain(brief);
    const view = await publicView(row.reference);
    expect(view.body).not.toContain(brief);
    expect(view.complaint).toMatchObject({ public_summary: null, resolution_note: null, closed_at: null });
    // The search is no way round it: a word of the brief finds nothing.
    const searched = await publicList(`&q=${encodeURIComponent(brief.split(' ')[2]!)}`);
    expect(searched.page.count).toBe(0);
  });
});

describe('closing a complaint writes its public record', () => {
  it('refuses to resolve or reject without a summary and a resolution note (422) and changes nothing', async () => {
    const row = await lodge(`Refused close ${unique()}`);
    for (const decision of ['resolve', 'reject']) {
      const response = await review(regulatorKe.client, row.id, {
        decision,
        comments: 'Closing it.',
        public_summary: '  ',
        version: 1,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ errors: Record<string, string> }>().errors).toMatchObject({
        public_summary:
          "Write the public summary: the public list shows it instead of the applicant's own words.",
        resolution_note: 'Write the resolution note: the public view tells with it how the complaint ended.',
      });
    }
    const [still] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(still).toMatchObject({
      status: 'submitted',
      stage: 'regulator',
      version: 1,
      dateResolved: null,
      publicSummary: null,
      resolutionNote: null,
    });
    expect(await ctx.db.select().from(reviewLogs).where(eq(reviewLogs.complaintId, row.id))).toEqual([]);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.model, 'complaints.complaint'), eq(auditLog.objectId, String(row.id))));
    expect(audits).toEqual([]);
    // A forward needs no public record, and stores none it is sent.
    const forwarded = await review(regulatorKe.client, row.id, {
      decision: 'forward',
      public_summary: 'Not for a forward.',
      resolution_note: 'Nor this.',
      version: 1,
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    const [after] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(after).toMatchObject({ status: 'in_review', publicSummary: null, resolutionNote: null });
  });

  it('after resolving with a summary the public list and view show it, the stage dates and outcome, never the applicant', async () => {
    const brief = `Applicant words ${unique()}`;
    const row = await lodge(brief);
    await review(regulatorKe.client, row.id, { decision: 'forward', comments: 'To regional.', version: 1 });
    const summary = `A licensing condition on partner-state engineers ${unique()}`;
    const response = await review(regional.client, row.id, {
      decision: 'resolve',
      comments: 'Reviewer comment kept private.',
      public_summary: summary,
      public_summary_fr: 'Une condition de licence imposée aux ingénieurs des États partenaires',
      resolution_note: 'Kenya exempted engineers from the partner states.',
      resolution_note_fr: '',
      version: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TComplaintDetail>()).toMatchObject({
      status: 'resolved',
      public_summary: summary,
      resolution_note_fr: null,
    });

    const { body, page } = await publicList();
    const listed = page.results.find((item) => item.reference === row.reference);
    expect(listed).toMatchObject({
      status: 'resolved',
      country_code: 'KE',
      sector: { id: sectorId },
      public_summary: summary,
      public_summary_fr: 'Une condition de licence imposée aux ingénieurs des États partenaires',
      resolution_note: 'Kenya exempted engineers from the partner states.',
      resolution_note_fr: null,
    });
    expect(listed!.closed_at).not.toBeNull();
    for (const secret of [brief, applicant.user.email, applicant.user.lastName, 'Reviewer comment', row.slug])
      expect(body).not.toContain(secret);
    expect((await publicList(`&q=${encodeURIComponent(summary.split(' ').at(-1)!)}`)).page.results).toEqual([
      listed,
    ]);

    const view = await publicView(row.reference);
    for (const secret of [brief, applicant.user.email, applicant.user.lastName, 'Reviewer comment', row.slug])
      expect(view.body).not.toContain(secret);
    expect(view.complaint).toMatchObject({ ...listed });
    expect(view.complaint.stages.map((stage) => [stage.stage, stage.outcome])).toEqual([
      ['regulator', 'forward'],
      ['regional', 'resolve'],
    ]);
    expect(view.complaint.stages[0]!.started_at).toBe(listed!.submitted_at);
    expect(view.complaint.stages[1]!.started_at).toBe(view.complaint.stages[0]!.ended_at);
    expect(view.complaint.stages[1]!.ended_at).toBe(listed!.closed_at);
  });

  it('the outcome and the summary are one write: a failed review log leaves neither', async () => {
    const row = await lodge(`Atomic ${unique()}`);
    const restore = await refuseInserts(
      ctx,
      'test_refuse_closing_log',
      'review_logs',
      `new.complaint_id = ${row.id}`,
    );
    try {
      const response = await review(regulatorKe.client, row.id, {
        decision: 'reject',
        comments: 'Out of scope.',
        public_summary: 'A commercial dispute.',
        resolution_note: 'Outside the procedure.',
        version: 1,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [still] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(still).toMatchObject({
      status: 'submitted',
      version: 1,
      publicSummary: null,
      resolutionNote: null,
    });
  });
});

describe('stage dates', () => {
  it('each stage ends with the decision taken at it; questions and answers do not end one', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    expect(
      stageDates(at(1), 'council', [
        { stage: 'regulator', decision: 'request_information', createdAt: at(2) },
        { stage: 'regulator', decision: 'information_provided', createdAt: at(3) },
        { stage: 'regulator', decision: 'forward', createdAt: at(4) },
        { stage: 'regional', decision: 'forward', createdAt: at(9) },
      ]),
    ).toEqual([
      {
        stage: 'regulator',
        started_at: at(1).toISOString(),
        ended_at: at(4).toISOString(),
        outcome: 'forward',
      },
      {
        stage: 'regional',
        started_at: at(4).toISOString(),
        ended_at: at(9).toISOString(),
        outcome: 'forward',
      },
      { stage: 'council', started_at: at(9).toISOString(), ended_at: null, outcome: null },
    ]);
  });
});
