import type { TDashboard } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, outboxMessages } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipart, roles, signIn, validForm } from '../complaints/complaints.fixtures.js';

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let regulatorKe: Account;
let regulatorTz: Account;
let editor: Account;
let admin: Account;

const dashboard = async (account: Account) => {
  const response = await account.client.request({ url: '/api/dashboard/' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDashboard>();
};

async function lodge(country: string) {
  const response = await applicant.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(validForm({ country_code: country })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ slug: string }>().slug;
}

beforeAll(async () => {
  ctx = await createTestContext();
  applicant = await signIn(ctx, roles.client());
  regulatorKe = await signIn(ctx, roles.regulator('KE'));
  regulatorTz = await signIn(ctx, roles.regulator('TZ'));
  editor = await signIn(ctx, {
    staff: true,
    permissions: ['restrictions.view_policy', 'restrictions.add_policy'],
  });
  admin = await signIn(ctx, roles.superuser());
  await lodge('KE');
  const overdue = await lodge('KE');
  await lodge('TZ');
  await ctx.db
    .update(complaints)
    .set({ stageDueAt: new Date(Date.now() - 24 * 3600 * 1000) })
    .where(eq(complaints.slug, overdue));
});
afterAll(() => ctx.close());

describe('GET /api/dashboard/', () => {
  it("counts a regulator's queue: their country only, with the overdue ones", async () => {
    const ke = await dashboard(regulatorKe);
    expect(ke.kind).toBe('staff');
    expect(ke.queue).toMatchObject({ stages: ['regulator'], total: 2, overdue: 1 });
    expect(ke.queue?.by_stage.regulator).toBe(2);
    expect((await dashboard(regulatorTz)).queue).toMatchObject({ total: 1, overdue: 0 });
    // The same count as the queue list itself.
    const queue = await regulatorKe.client.request({ url: '/api/manage/complaints/queue/' });
    expect(queue.json<{ count: number }>().count).toBe(2);
  });

  it('shows staff their own recent changes and superusers everyone’s', async () => {
    const created = await editor.client.request({
      method: 'POST',
      url: '/api/admin/policies/',
      payload: { name_en: 'Dashboard policy', name_fr: 'Politique du tableau' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const own = await dashboard(editor);
    expect(own.queue).toBeNull();
    expect(own.recent_changes?.scope).toBe('own');
    expect(own.recent_changes?.results.map((row) => row.object_label)).toEqual(['Dashboard policy']);
    expect((await dashboard(regulatorKe)).recent_changes?.results).toEqual([]);
    const all = await dashboard(admin);
    expect(all.recent_changes?.scope).toBe('all');
    expect(all.recent_changes?.results[0]).toMatchObject({ model: 'restrictions.policy', action: 'add' });
    expect(all.queue?.stages).toEqual(['regulator', 'regional', 'council']);
    expect(all.queue?.total).toBe(3);
  });

  it("gives a client their own complaints by status, and nothing of staff's", async () => {
    const mine = await dashboard(applicant);
    expect(mine).toMatchObject({ kind: 'client', queue: null, recent_changes: null });
    expect(mine.my_complaints?.total).toBe(3);
    expect(mine.my_complaints?.by_status.submitted).toBe(3);
  });

  it('counts failed deliveries for superusers only, whatever their age', async () => {
    const failed = { channel: 'mail', kind: 'reset', subject: 'Lost', status: 'failed', attempts: 17 };
    await ctx.db.insert(outboxMessages).values([
      { ...failed, recipient: 'one@example.org', lastError: 'Error: connect ECONNREFUSED' },
      { ...failed, recipient: 'two@example.org', createdAt: new Date(Date.now() - 60 * 86_400_000) },
      { ...failed, recipient: 'three@example.org', status: 'sent', attempts: 1, sentAt: new Date() },
    ]);
    expect((await dashboard(admin)).failed_deliveries).toBe(2);
    expect((await dashboard(editor)).failed_deliveries).toBeNull();
    expect((await dashboard(regulatorKe)).failed_deliveries).toBeNull();
    expect((await dashboard(applicant)).failed_deliveries).toBeNull();
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.client().request({ url: '/api/dashboard/' })).statusCode).toBe(401);
  });
});
