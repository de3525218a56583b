import type { Paginated, TIndicatorOption, TNotificationAdminItem, THome } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, indicators, notifications, sectors } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let manager: TestClient;
let staffReader: TestClient;
let client: TestClient;
let sectorId: number;
let indicatorId: number;

const path = '/api/admin/notifications/';
type Errors = { errors: Record<string, string> };
let body: Record<string, unknown>;

async function signIn(permissions: string[], staff = true) {
  const account = await createAccount(ctx.db, { staff, permissions });
  const signedIn = ctx.client();
  await signedIn.login(account.email, testPassword);
  return signedIn;
}

const references = async (who: TestClient, query = '') =>
  (await who.request({ url: `${path}?page_size=100${query}` }))
    .json<Paginated<TNotificationAdminItem>>()
    .results.map((item) => item.reference);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(['add', 'change', 'delete'].map((action) => `restrictions.${action}_notification`));
  staffReader = await signIn(['core.view_report']);
  client = await signIn([], false);
  const [sector] = await ctx.db.select({ id: sectors.id }).from(sectors).limit(1);
  sectorId = sector!.id;
  const [indicator] = await ctx.db
    .insert(indicators)
    .values({ slug: 'openness', titleEn: 'Openness', titleFr: 'Ouverture', metric: 'restrictions_total' })
    .returning();
  indicatorId = indicator!.id;
  body = {
    reference: 'EAC/KE/2026/14',
    status: 'notified',
    country_code: 'ke',
    sector_id: String(sectorId),
    notification_date: '2026-04-10',
    applicability: 'Foreign-owned banks.',
    requirement: 'Local board majority.',
    description_of_measure: 'Boards of foreign-owned banks must have a majority of resident directors.',
    indicator_id: indicatorId,
  };
});
afterAll(() => ctx.close());

describe('manage notifications', () => {
  let created: TNotificationAdminItem;

  it('creates a notification with every field of spec 3 and who made it', async () => {
    const response = await manager.request({ method: 'POST', url: path, payload: body });
    expect(response.statusCode).toBe(201);
    created = response.json<TNotificationAdminItem>();
    expect(created).toMatchObject({
      slug: 'eac-ke-2026-14',
      reference: 'EAC/KE/2026/14',
      status: 'notified',
      country_code: 'KE',
      country: { en: 'Kenya' },
      sector_id: sectorId,
      notification_date: '2026-04-10',
      applicability: 'Foreign-owned banks.',
      requirement: 'Local board majority.',
      indicator_id: indicatorId,
      indicator: { en: 'Openness', fr: 'Ouverture' },
      archived: false,
    });
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, created.id));
    expect(row?.createdById).not.toBeNull();
    const home = (await ctx.client().request({ url: '/api/home/' })).json<THome>();
    expect(home.notifications.map((item) => item.reference)).toContain('EAC/KE/2026/14');
  });

  it('answers a reference in use on its field, and bad fields each with a message', async () => {
    const duplicate = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body, status: 'draft' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json<Errors>().errors).toEqual({
      reference: 'A notification with this reference already exists.',
    });
    const bad = await manager.request({
      method: 'POST',
      url: path,
      payload: {
        ...body,
        reference: 'X',
        status: 'lost',
        notification_date: '1899-12-31',
        description_of_measure: ' ',
      },
    });
    expect(bad.json<Errors>().errors).toEqual({
      status: 'Select a valid choice.',
      notification_date: 'Enter a date from 1900 to 2099.',
      description_of_measure: 'This field is required.',
    });
    for (const [change, errors] of [
      [{ country_code: 'ZZ' }, { country_code: 'Select a valid country.' }],
      [{ sector_id: 999999 }, { sector_id: 'Select a valid sector.' }],
      [{ indicator_id: 999999 }, { indicator_id: 'Select a valid indicator.' }],
    ] as const) {
      const response = await manager.request({
        method: 'POST',
        url: path,
        payload: { ...body, reference: 'Y', ...change },
      });
      expect(response.json<Errors>().errors).toEqual(errors);
    }
    expect(await ctx.db.select().from(notifications)).toHaveLength(1);
  });

  it('changes a notification: the slug stays, empty links clear, the audit keeps before and after', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: {
        ...body,
        reference: 'EAC/KE/2026/14-rev',
        status: 'in_force',
        sector_id: '',
        indicator_id: null,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TNotificationAdminItem>()).toMatchObject({
      slug: 'eac-ke-2026-14',
      reference: 'EAC/KE/2026/14-rev',
      sector: null,
      indicator: null,
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.model, 'restrictions.notification'), eq(auditLog.action, 'change')));
    expect(audit?.before).toMatchObject({ reference: 'EAC/KE/2026/14' });
    expect(audit?.after).toMatchObject({ status: 'in_force' });
  });

  it('lets any signed-in user read the list; without a permission only what the public sees', async () => {
    await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body, reference: 'DRAFT-1', status: 'draft' },
    });
    expect(await references(manager)).toEqual(expect.arrayContaining(['DRAFT-1', 'EAC/KE/2026/14-rev']));
    expect(await references(manager, '&status=draft')).toEqual(['DRAFT-1']);
    expect(await references(manager, '&q=resident&country=ke')).toHaveLength(2);
    for (const reader of [staffReader, client]) {
      expect(await references(reader)).toEqual(['EAC/KE/2026/14-rev']);
      const [draft] = await ctx.db.select().from(notifications).where(eq(notifications.reference, 'DRAFT-1'));
      expect((await reader.request({ url: `${path}${draft!.id}/` })).statusCode).toBe(404);
      expect((await reader.request({ url: `${path}${created.id}/` })).statusCode).toBe(200);
    }
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
  });

  it('refuses every change to a reader without the permissions', async () => {
    for (const reader of [staffReader, client]) {
      const refused = [
        reader.request({ method: 'POST', url: path, payload: body }),
        reader.request({ method: 'PUT', url: `${path}${created.id}/`, payload: body }),
        reader.request({ method: 'POST', url: `${path}${created.id}/archive/` }),
        reader.request({ method: 'DELETE', url: `${path}${created.id}/` }),
        reader.request({ url: `${path}indicator-options/` }),
      ];
      for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
    }
    const options = await manager.request({ url: `${path}indicator-options/` });
    expect(options.json<{ results: TIndicatorOption[] }>().results).toContainEqual({
      id: indicatorId,
      title: { en: 'Openness', fr: 'Ouverture' },
    });
  });

  it('archives (hidden from readers and the public), unarchives, purges', async () => {
    await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` });
    expect(await references(client)).toEqual([]);
    expect(await references(manager, '&state=archived')).toEqual(['EAC/KE/2026/14-rev']);
    expect((await ctx.client().request({ url: '/api/notifications/eac-ke-2026-14/' })).statusCode).toBe(404);
    await manager.request({ method: 'POST', url: `${path}${created.id}/unarchive/` });
    const purged = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(purged.json()).toEqual({ purged: true, id: created.id });
    expect(await ctx.db.select().from(notifications).where(eq(notifications.id, created.id))).toEqual([]);
  });
});
