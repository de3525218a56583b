import type { Paginated, TAuditChoices, TAuditEntry, TAuditListItem, TPolicyAdminItem } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { roles, signIn } from '../complaints/complaints.fixtures.js';

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let admin: Account;
let editor: Account;
let policy: TPolicyAdminItem;

const list = (query = '') => admin.client.request({ url: `/api/admin/audit-log/${query}` });
const page = async (query = '') => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paginated<TAuditListItem>>();
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signIn(ctx, roles.superuser());
  editor = await signIn(ctx, {
    staff: true,
    permissions: ['restrictions.view_policy', 'restrictions.add_policy', 'restrictions.change_policy'],
  });
  const created = await editor.client.request({
    method: 'POST',
    url: '/api/admin/policies/',
    payload: { name_en: 'Audit trail policy', name_fr: 'Politique de la piste', sort_order: 7 },
  });
  expect(created.statusCode, created.body).toBe(201);
  policy = created.json<TPolicyAdminItem>();
  const changed = await admin.client.request({
    method: 'PUT',
    url: `/api/admin/policies/${policy.id}/`,
    payload: { name_en: 'Audit trail policy', name_fr: 'Politique de la piste', sort_order: 8 },
  });
  expect(changed.statusCode, changed.body).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /api/admin/audit-log/', () => {
  it('lists the newest first with who, action, model and object', async () => {
    const { results, count } = await page(`?model=restrictions.policy&object_id=${policy.id}`);
    expect(count).toBe(2);
    expect(results.map((row) => row.action)).toEqual(['change', 'add']);
    expect(results[0]).toMatchObject({
      model: 'restrictions.policy',
      object_id: String(policy.id),
      object_label: 'Audit trail policy',
      actor: { id: admin.user.id, email: admin.user.email },
    });
    expect(results[1]?.actor?.email).toBe(editor.user.email);
    expect(Date.parse(results[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(results[1]!.created_at));
  });

  it('filters by actor id, e-mail part, action and date range, and sorts', async () => {
    expect((await page(`?actor=${editor.user.id}`)).results.map((row) => row.action)).toEqual(['add']);
    const byEmail = await page(`?user=${encodeURIComponent(editor.user.email.slice(0, 8).toUpperCase())}`);
    expect(byEmail.results.every((row) => row.actor?.id === editor.user.id)).toBe(true);
    expect(byEmail.count).toBe(1);
    // `%` and `_` are taken literally, not as patterns.
    expect((await page('?user=%25')).count).toBe(0);
    expect((await page('?action=change&model=restrictions.policy')).count).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`?date_from=${today}&date_to=${today}&actor=${admin.user.id}`)).count).toBe(1);
    expect((await page(`?date_to=2000-01-01`)).count).toBe(0);
    const byAction = await page('?sort=action&model=restrictions.policy');
    expect(byAction.results.map((row) => row.action)).toEqual(['add', 'change']);
    const paged = await page('?page_size=1&page=2&model=restrictions.policy');
    expect(paged).toMatchObject({ count: 2, page: 2, page_size: 1 });
    expect(paged.results[0]?.action).toBe('add');
  });

  it('refuses bad filters field by field', async () => {
    const response = await list('?date_from=2026-02-31&model=DROP TABLE&sort=ip&actor=x');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string> }>().errors).sort()).toEqual(
      expect.arrayContaining(['actor', 'date_from', 'model']),
    );
    const reversed = await list('?date_from=2026-03-02&date_to=2026-03-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<{ errors: Record<string, string> }>().errors.date_to).toMatch(/end date/);
    const badSort = await list('?sort=ip');
    expect(badSort.statusCode).toBe(422);
  });

  it('is for superusers only', async () => {
    expect((await editor.client.request({ url: '/api/admin/audit-log/' })).statusCode).toBe(403);
    expect((await ctx.client().request({ url: '/api/admin/audit-log/' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/audit-log/:id/ and choices', () => {
  it('answers one row with before and after', async () => {
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'change'))
      .orderBy(auditLog.id)
      .limit(1);
    const response = await admin.client.request({ url: `/api/admin/audit-log/${row!.id}/` });
    expect(response.statusCode).toBe(200);
    const entry = response.json<TAuditEntry>();
    expect(entry.before).toMatchObject({ sort_order: 7 });
    expect(entry.after).toMatchObject({ sort_order: 8 });
    expect((await admin.client.request({ url: '/api/admin/audit-log/999999/' })).statusCode).toBe(404);
    expect((await admin.client.request({ url: '/api/admin/audit-log/abc/' })).statusCode).toBe(422);
  });

  it('lists the models and actions present', async () => {
    const response = await admin.client.request({ url: '/api/admin/audit-log/choices/' });
    expect(response.statusCode).toBe(200);
    const choices = response.json<TAuditChoices>();
    expect(choices.models).toContain('restrictions.policy');
    expect(choices.actions).toEqual(expect.arrayContaining(['add', 'change']));
  });
});
