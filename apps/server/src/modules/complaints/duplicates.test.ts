import type { TComplaintStatements, TMergeResult, TSimilarComplaints } from '@stp/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintStatements, complaints, reviewLogs, users } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import {
  files,
  multipart,
  publicRecord,
  roles,
  signIn,
  storedFiles,
  validForm,
} from './complaints.fixtures.js';
import { sweepOrphanFiles } from './orphan-files.js';

// Issue 34 item 3 (docs/complaint-duplicates.md): duplicate hints, supporting statements, merges.

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let trader: Account;
let regulatorKe: Account;
let regulatorTz: Account;
let regional: Account;

// A known problem, and the way another trader puts it.
const known = 'Work permits for foreign engineers delayed for months by the immigration office';
const paraphrase = 'immigration delays the work permit of engineers';

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_COMPLAINT_HINTS: '30/1m' });
  applicant = await signIn(ctx, roles.client());
  trader = await signIn(ctx, roles.client());
  await ctx.db.update(users).set({ displayName: 'Amina Applicant' }).where(eq(users.id, applicant.user.id));
  await ctx.db.update(users).set({ displayName: 'Tomas Trader' }).where(eq(users.id, trader.user.id));
  regulatorKe = await signIn(ctx, roles.regulator('KE'));
  regulatorTz = await signIn(ctx, roles.regulator('TZ'));
  regional = await signIn(ctx, roles.regional());
});
afterAll(() => ctx.close());

async function lodge(who: Account, fields: Record<string, string>, attachments: [string, Buffer][] = []) {
  const response = await who.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(validForm(fields), attachments),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { slug } = response.json<{ slug: string }>();
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
  return row!;
}

function hints(client: TestClient, query: Record<string, string>) {
  return client.request({ url: `/api/complaints/similar/?${new URLSearchParams(query).toString()}` });
}

async function hintRefs(query: Record<string, string>) {
  const response = await hints(trader.client, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TSimilarComplaints>().results.map((item) => item.reference);
}

const support = (who: Account, reference: string, form: FormData) =>
  who.client.request({ method: 'POST', url: `/api/complaint-support/${reference}/`, payload: form });
const merge = (who: Account, id: number, body: Record<string, unknown>) =>
  who.client.request({ method: 'POST', url: `/api/manage/complaints/${id}/merge/`, payload: body });
const rowOf = async (id: number) => (await ctx.db.select().from(complaints).where(eq(complaints.id, id)))[0]!;
const statementsOf = (id: number) =>
  ctx.db.select().from(complaintStatements).where(eq(complaintStatements.complaintId, id));

describe('similar complaints while typing', () => {
  it('finds the known complaint for a paraphrase and a misspelling, not for another problem or country', async () => {
    const row = await lodge(applicant, {
      brief_description: known,
      details_of_occurrence: 'Private details: my passport number is P1234567 and my phone +254 700 000 000.',
    });
    expect(await hintRefs({ q: paraphrase })).toContain(row.reference);
    expect(await hintRefs({ q: 'work permmits for enginers delayed' })).toContain(row.reference);
    expect(await hintRefs({ q: paraphrase, country_code: 'KE', restriction_type: 'licensing' })).toEqual([
      row.reference,
    ]);
    // French words reach the same complaint through the French stemmer only if they share lexemes; a
    // different problem and another country find nothing.
    expect(await hintRefs({ q: 'customs fees on imported software licences' })).not.toContain(row.reference);
    expect(await hintRefs({ q: paraphrase, country_code: 'TZ' })).not.toContain(row.reference);
  });

  it('shows only public fields: no applicant, no unreviewed text; a resolved one with its reviewed summary', async () => {
    const open = await lodge(applicant, { brief_description: `${known} again` });
    const closed = await lodge(applicant, { brief_description: `Engineers wait months for work permits` });
    const resolved = await regulatorKe.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${closed.id}/review/`,
      payload: { decision: 'resolve', comments: 'Private reviewer comment.', version: 1, ...publicRecord },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const response = await hints(trader.client, { q: 'engineers work permits delayed for months' });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<TSimilarComplaints>();
    expect(results.map((item) => item.reference)).toEqual(
      expect.arrayContaining([open.reference, closed.reference]),
    );
    expect(results.length).toBeLessThanOrEqual(5);
    for (const secret of [
      known,
      'Engineers wait months',
      'P1234567',
      'Private reviewer comment',
      applicant.user.email,
      'Amina',
    ]) {
      expect(response.body).not.toContain(secret);
    }
    const item = results.find((hint) => hint.reference === closed.reference)!;
    expect(item).toMatchObject({ status: 'resolved', country_code: 'KE', restriction_type: 'licensing' });
    expect(item.public_summary).toBe(publicRecord.public_summary);
    expect(Object.keys(item)).not.toContain('brief_description');
    expect(Object.keys(item)).not.toContain('slug');
    expect(results.find((hint) => hint.reference === open.reference)?.public_summary).toBeNull();
  });

  it('is for signed-in traders, with a length limit and a rate limit per account', async () => {
    expect((await hints(ctx.client(), { q: paraphrase })).statusCode).toBe(401);
    expect((await hints(regulatorKe.client, { q: paraphrase })).statusCode).toBe(403);
    expect((await hints(trader.client, { q: 'ab' })).statusCode).toBe(422);
    expect((await hints(trader.client, { q: 'x'.repeat(301) })).statusCode).toBe(422);
    expect((await hints(trader.client, { q: paraphrase, country_code: 'K1' })).statusCode).toBe(422);
    const busy = await signIn(ctx, roles.client());
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1)
      codes.push((await hints(busy.client, { q: `${paraphrase} ${i}` })).statusCode);
    expect(codes.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    // Another account is not held back by it.
    expect((await hints(trader.client, { q: paraphrase })).statusCode).toBe(200);
  });
});

describe('add my case to this one', () => {
  it('adds a statement with its own file; the reviewers see it with its author, the applicant does not', async () => {
    const row = await lodge(applicant, { brief_description: `Statement target ${known}` });
    const before = (await storedFiles(ctx)).length;
    const response = await support(
      trader,
      row.reference.toLowerCase(),
      multipart({ statement: 'Same for my firm: three engineers waiting since March.' }, [
        ['letter.png', files.png],
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ reference: row.reference });
    expect((await storedFiles(ctx)).length).toBe(before + 1);
    // The sweep of orphan files knows statement files.
    await sweepOrphanFiles(ctx.app.deps, { minAgeSeconds: 0 });
    expect((await storedFiles(ctx)).length).toBe(before + 1);

    const seen = await regulatorKe.client.request({ url: `/api/manage/complaints/${row.id}/statements/` });
    expect(seen.statusCode, seen.body).toBe(200);
    const { statements, merged_into, can_merge } = seen.json<TComplaintStatements>();
    expect(merged_into).toBeNull();
    expect(can_merge).toBe(true);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({
      body: 'Same for my firm: three engineers waiting since March.',
      author: { id: trader.user.id, display_name: 'Tomas Trader', email: trader.user.email },
      author_withheld: false,
      merged_from: null,
    });
    const file = statements[0]!.attachments[0]!;
    expect(file).toMatchObject({ name: 'letter.png', content_type: 'image/png' });
    const download = await regulatorKe.client.request({ url: file.url });
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(files.png)).toBe(true);
    // The other country's regulator may not see the complaint, nor its statements or files.
    expect(
      (await regulatorTz.client.request({ url: `/api/manage/complaints/${row.id}/statements/` })).statusCode,
    ).toBe(404);
    expect((await regulatorTz.client.request({ url: file.url })).statusCode).toBe(404);
    // The applicant does not learn who supports them.
    expect(
      (await applicant.client.request({ url: `/api/manage/complaints/${row.id}/statements/` })).statusCode,
    ).toBe(403);
    // A purge takes the statement's file with the complaint.
    const superuser = await signIn(ctx, roles.superuser());
    const purged = await superuser.client.request({
      method: 'DELETE',
      url: `/api/manage/complaints/${row.id}/`,
    });
    expect(purged.statusCode, purged.body).toBe(204);
    expect((await storedFiles(ctx)).length).toBe(before);
  });

  it('refuses a visitor, staff, the own complaint, a second statement, a bad file and an unknown reference, storing nothing', async () => {
    const row = await lodge(applicant, { brief_description: `Refusals target ${known}` });
    const form = () => multipart({ statement: 'My case too.' });
    const filesBefore = await storedFiles(ctx);
    expect((await support({ ...trader, client: ctx.client() }, row.reference, form())).statusCode).toBe(401);
    expect((await support(regulatorKe, row.reference, form())).statusCode).toBe(403);
    const own = await support(applicant, row.reference, form());
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({
      detail: 'This is your own complaint: answer or follow it from its page.',
    });
    const exe = await support(
      trader,
      row.reference,
      multipart({ statement: 'With a program.' }, [['run.exe', files.exe]]),
    );
    expect(exe.statusCode).toBe(422);
    const empty = await support(trader, row.reference, multipart({ statement: '   ' }));
    expect(empty.statusCode).toBe(422);
    expect((await support(trader, 'CMP-1999-999999', form())).statusCode).toBe(404);
    expect(await statementsOf(row.id)).toEqual([]);
    expect(await storedFiles(ctx)).toEqual(filesBefore);
    expect((await support(trader, row.reference, form())).statusCode).toBe(201);
    const twice = await support(trader, row.reference, form());
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: 'You have already added your case to this complaint.' });
    expect(await statementsOf(row.id)).toHaveLength(1);
  });
});

describe('merging a duplicate', () => {
  it('refuses every bad merge with a clear 4xx and changes nothing', async () => {
    const kept = await lodge(applicant, { brief_description: `Kept ${known}` });
    const duplicate = await lodge(trader, { brief_description: `Duplicate ${known}` });
    const tz = await lodge(trader, { brief_description: `Tanzania ${known}`, country_code: 'TZ' });
    const closed = await lodge(trader, { brief_description: `Closed ${known}` });
    const rejected = await regulatorKe.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${closed.id}/review/`,
      payload: { decision: 'reject', comments: 'Not a barrier.', version: 1, ...publicRecord },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const cases: [Account, number, Record<string, unknown>, number, string | undefined][] = [
      [
        regulatorKe,
        duplicate.id,
        { into: duplicate.reference, version: 1 },
        422,
        'A complaint cannot be merged into itself.',
      ],
      [
        regulatorKe,
        duplicate.id,
        { into: 'CMP-1999-999999', version: 1 },
        422,
        'No complaint you may see has this reference.',
      ],
      [
        regulatorKe,
        duplicate.id,
        { into: tz.reference, version: 1 },
        422,
        'No complaint you may see has this reference.',
      ],
      [
        regulatorKe,
        duplicate.id,
        { into: closed.reference, version: 1 },
        422,
        'Merge into an open complaint: this one is already closed, merged or archived.',
      ],
      [regulatorKe, duplicate.id, { into: kept.reference, version: 7 }, 409, undefined],
      [regulatorKe, closed.id, { into: kept.reference, version: 2 }, 409, undefined],
      [regulatorKe, duplicate.id, { into: 'not a reference', version: 1 }, 422, undefined],
      [regulatorTz, duplicate.id, { into: kept.reference, version: 1 }, 404, undefined],
      [regional, duplicate.id, { into: kept.reference, version: 1 }, 403, undefined],
      [trader, duplicate.id, { into: kept.reference, version: 1 }, 403, undefined],
    ];
    for (const [who, id, body, status, into] of cases) {
      const response = await merge(who, id, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(status);
      if (into) expect(response.json<{ errors: Record<string, string> }>().errors.into).toBe(into);
    }
    // Across countries (a regional reviewer sees both): the same partner state only.
    const forwarded = await regulatorKe.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${duplicate.id}/review/`,
      payload: { decision: 'forward', version: 1 },
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    const across = await merge(regional, duplicate.id, { into: tz.reference, version: 2 });
    expect(across.statusCode).toBe(422);
    expect(across.json<{ errors: Record<string, string> }>().errors.into).toBe(
      'Both complaints must be about the same partner state.',
    );
    expect(await rowOf(duplicate.id)).toMatchObject({
      status: 'in_review',
      stage: 'regional',
      mergedIntoId: null,
      version: 2,
    });
    expect(await statementsOf(kept.id)).toEqual([]);
    expect(await statementsOf(tz.id)).toEqual([]);
  });

  it('leaves no copied file and changes nothing when the merge fails after copying', async () => {
    const kept = await lodge(applicant, { brief_description: `Failed merge kept ${known}` });
    const duplicate = await lodge(trader, { brief_description: `Failed merge duplicate ${known}` }, [
      ['evidence.png', files.png],
    ]);
    const filesBefore = await storedFiles(ctx);
    // The merge's audit row is refused: everything before it in the transaction must go, files too.
    await ctx.db.execute(
      sql.raw(`create function test_refuse_merge_audit() returns trigger language plpgsql as $$
      begin if new.action = 'merge' then raise exception 'audit refused'; end if; return new; end $$`),
    );
    await ctx.db.execute(
      sql.raw(
        'create trigger test_refuse_merge_audit before insert on audit_log for each row execute function test_refuse_merge_audit()',
      ),
    );
    try {
      const response = await merge(regulatorKe, duplicate.id, { into: kept.reference, version: 1 });
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger test_refuse_merge_audit on audit_log'));
      await ctx.db.execute(sql.raw('drop function test_refuse_merge_audit()'));
    }
    expect(await storedFiles(ctx)).toEqual(filesBefore);
    expect(await rowOf(duplicate.id)).toMatchObject({ status: 'submitted', mergedIntoId: null, version: 1 });
    expect(await statementsOf(kept.id)).toEqual([]);
  });

  it('closes the duplicate as merged, makes its applicant a supporter with their text and files, and mails both', async () => {
    const kept = await lodge(applicant, { brief_description: `Merge kept ${known}` });
    const duplicate = await lodge(
      trader,
      {
        brief_description: `Merge duplicate ${known}`,
        details_of_occurrence: 'My own account of the delay at the immigration office.',
      },
      [['permit-letter.png', files.png]],
    );
    const filesBefore = (await storedFiles(ctx)).length;
    const response = await merge(regulatorKe, duplicate.id, { into: kept.reference, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMergeResult>()).toMatchObject({
      detail: `Complaint ${duplicate.reference} was merged into ${kept.reference}.`,
      into: { id: kept.id, reference: kept.reference },
    });
    expect(await rowOf(duplicate.id)).toMatchObject({
      status: 'merged',
      mergedIntoId: kept.id,
      stage: null,
      version: 2,
    });
    expect(await rowOf(kept.id)).toMatchObject({
      status: 'submitted',
      stage: 'regulator',
      mergedIntoId: null,
    });
    const [log] = await ctx.db
      .select()
      .from(reviewLogs)
      .where(and(eq(reviewLogs.complaintId, duplicate.id), eq(reviewLogs.decision, 'merge')));
    expect(log).toMatchObject({
      reviewerId: regulatorKe.user.id,
      stage: 'regulator',
      comments: `Merged into ${kept.reference}.`,
    });

    const seen = await regulatorKe.client.request({ url: `/api/manage/complaints/${kept.id}/statements/` });
    const { statements } = seen.json<TComplaintStatements>();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({
      author: { id: trader.user.id, email: trader.user.email },
      merged_from: { id: duplicate.id, reference: duplicate.reference, status: 'merged' },
    });
    expect(statements[0]!.body).toContain('My own account of the delay');
    // The duplicate's file comes with its text, as a copy of its own.
    expect((await storedFiles(ctx)).length).toBe(filesBefore + 1);
    const [copy] = statements[0]!.attachments;
    expect(copy).toMatchObject({
      name: 'permit-letter.png',
      content_type: 'image/png',
      size: files.png.length,
    });
    const download = await regulatorKe.client.request({ url: copy!.url });
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(files.png)).toBe(true);
    const away = await regulatorKe.client.request({
      url: `/api/manage/complaints/${duplicate.id}/statements/`,
    });
    expect(away.json<TComplaintStatements>()).toMatchObject({
      merged_into: { id: kept.id, reference: kept.reference },
      can_merge: false,
    });

    await ctx.outboxIdle();
    // Each applicant also has the mail of their own lodging, delivered in any order beside these.
    const mergedAway = `Complaint ${duplicate.reference} merged into ${kept.reference}`;
    const toTrader = await ctx.mail.waitFor(trader.user.email, 5_000, mergedAway);
    expect(toTrader.subject).toBe(mergedAway);
    const joined = `Complaint ${kept.reference}: a similar complaint was joined to it`;
    const toApplicant = await ctx.mail.waitFor(applicant.user.email, 5_000, joined);
    expect(toApplicant.subject).toBe(joined);
    expect(toApplicant.text).not.toContain(trader.user.email);
    expect(toApplicant.text).not.toContain('Tomas');

    // Once merged: no second merge, no review, no statement, and no longer a hint.
    expect((await merge(regulatorKe, duplicate.id, { into: kept.reference, version: 2 })).statusCode).toBe(
      409,
    );
    const review = await regulatorKe.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${duplicate.id}/review/`,
      payload: { decision: 'forward', version: 2 },
    });
    expect(review.statusCode).toBe(409);
    expect(
      (await support(applicant, duplicate.reference, multipart({ statement: 'Me too.' }))).statusCode,
    ).toBe(409);
    const refs = await hintRefs({ q: paraphrase, country_code: 'KE' });
    expect(refs).not.toContain(duplicate.reference);
    // Merging into the merged one is refused as into a closed complaint.
    const other = await lodge(trader, { brief_description: `Third ${known}` });
    const intoMerged = await merge(regulatorKe, other.id, { into: duplicate.reference, version: 1 });
    expect(intoMerged.statusCode).toBe(422);
    // Purging the kept complaint leaves the merged one closed, its pointer emptied.
    const superuser = await signIn(ctx, roles.superuser());
    expect(
      (await superuser.client.request({ method: 'DELETE', url: `/api/manage/complaints/${kept.id}/` }))
        .statusCode,
    ).toBe(204);
    expect(await rowOf(duplicate.id)).toMatchObject({ status: 'merged', mergedIntoId: null });
    // The purge took the copy with the kept complaint; the merged one keeps its own file.
    expect((await storedFiles(ctx)).length).toBe(filesBefore);
    const own = await regulatorKe.client.request({ url: `/api/manage/complaints/${duplicate.id}/` });
    expect(own.json<{ attachments: unknown[] }>().attachments).toHaveLength(1);
  });
});
