import type { Paginated, TAdminDeletedRecord } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRestriction } from '../modules/restrictions/test-support.js';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.js';

let ctx: TestContext;
let policyManager: TestClient;
let tagManager: TestClient;
let policyViewer: TestClient;
let superuser: TestClient;

const codenames = (app: string, model: string) =>
  ['add', 'change', 'delete', 'view'].map((action) => `${app}.${action}_${model}`);

const deletedList = async (client: TestClient, url: string) => {
  const response = await client.request({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paginated<TAdminDeletedRecord>>();
};

/** Creates a record through the contract and purges it; answers its id and the purge's time window. */
async function createAndPurge(client: TestClient, path: string, payload: object) {
  const created = await client.request({ method: 'POST', url: path, payload });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const from = Date.now();
  const purged = await client.request({ method: 'DELETE', url: `${path}${id}/` });
  expect(purged.statusCode, purged.body).toBe(200);
  return { id, from, to: Date.now() };
}

beforeAll(async () => {
  ctx = await createTestContext();
  policyManager = await ctx.signedIn(codenames('restrictions', 'policy'), { email: 'purger@example.org' });
  tagManager = await ctx.signedIn(codenames('core', 'reporttag'), { email: 'tagger@example.org' });
  policyViewer = await ctx.signedIn(['restrictions.view_policy']);
  superuser = await ctx.signedIn([], { superuser: true, email: 'root-purger@example.org' });
});
afterAll(() => ctx.close());

describe('Deleted On: the purged records of each admin resource (spec 3 record flags)', () => {
  it('a purged policy is gone from the list and shows in Deleted with its Deleted On and purger', async () => {
    const path = '/api/admin/policies/';
    const { id, from, to } = await createAndPurge(policyManager, path, {
      name_en: 'Cabotage rules',
      name_fr: 'Règles de cabotage',
      description_en: 'Who may carry goods between two ports of one country.',
      sort_order: 70,
    });
    expect((await policyManager.request({ url: `${path}${id}/` })).statusCode).toBe(404);
    const active = await policyViewer.request({ url: `${path}?q=cabotage&state=all` });
    expect(active.json<Paginated<unknown>>().count).toBe(0);

    // A viewer of the list (no delete permission) sees the Deleted list too.
    const page = await deletedList(policyViewer, `${path}?state=deleted&q=cabotage`);
    expect(page.count).toBe(1);
    const [record] = page.results;
    expect(record).toMatchObject({
      id,
      label: 'Cabotage rules',
      deleted_by: { email: 'purger@example.org' },
      record: { name_fr: 'Règles de cabotage' },
    });
    const deletedOn = Date.parse(record?.deleted_on ?? '');
    expect(deletedOn).toBeGreaterThanOrEqual(from - 1000);
    expect(deletedOn).toBeLessThanOrEqual(to + 1000);
    // The French name finds it too; a word of another field (its description) does not.
    expect((await deletedList(policyViewer, `${path}?state=deleted&q=Règles`)).count).toBe(1);
    expect((await deletedList(policyViewer, `${path}?state=deleted&q=ports%20of%20one`)).count).toBe(0);
  });

  it('a purged report tag shows in its own resource’s Deleted list, newest first', async () => {
    const path = '/api/admin/report-tags/';
    const first = await createAndPurge(tagManager, path, {
      name_en: 'Ferry services',
      name_fr: 'Traversiers',
    });
    const second = await createAndPurge(tagManager, path, { name_en: 'Ferry ports', name_fr: 'Ports' });
    const page = await deletedList(tagManager, `${path}?state=deleted&q=ferry`);
    expect(page.results.map((record) => record.id)).toEqual([second.id, first.id]);
    expect(page.results[0]).toMatchObject({
      label: 'Ferry ports',
      deleted_by: { email: 'tagger@example.org' },
    });
    const oldest = await deletedList(tagManager, `${path}?state=deleted&q=ferry&sort=deleted_on`);
    expect(oldest.results.map((record) => record.id)).toEqual([first.id, second.id]);
    const policies = await deletedList(policyManager, '/api/admin/policies/?state=deleted&q=ferry');
    expect(policies.count).toBe(0);
  });

  it('a restriction purged through its own route shows in the restrictions’ Deleted list', async () => {
    const restriction = await insertRestriction(ctx.db, { title: 'Deleted-list restriction' });
    const purged = await superuser.request({
      method: 'DELETE',
      url: `/api/admin/restrictions/${restriction.id}/`,
    });
    expect(purged.statusCode, purged.body).toBe(200);
    const page = await deletedList(superuser, '/api/admin/restrictions/?state=deleted&q=deleted-list');
    expect(page.results).toEqual([
      expect.objectContaining({
        id: restriction.id,
        label: 'Deleted-list restriction',
        deleted_by: expect.objectContaining({ email: 'root-purger@example.org' }),
      }),
    ]);
  });

  it('the Deleted list asks what the list asks: 401 signed out, 403 without the view permission or staff', async () => {
    const url = '/api/admin/policies/?state=deleted';
    expect((await ctx.client().request({ url })).statusCode).toBe(401);
    const other = await ctx.signedIn(['core.view_reporttag']);
    expect((await other.request({ url })).statusCode).toBe(403);
    // A client account holding the codename by mistake is still no staff member.
    const client = await ctx.signedIn(['restrictions.view_policy'], { staff: false });
    expect((await client.request({ url })).statusCode).toBe(403);
    // Notifications are listed to any signed-in user (the public view); their purges are staff-only.
    const reader = await ctx.signedIn([], { staff: false });
    expect((await reader.request({ url: '/api/admin/notifications/' })).statusCode).toBe(200);
    const refused = await reader.request({ url: '/api/admin/notifications/?state=deleted' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBeTruthy();
  });

  it('refuses a bad state or a sort the Deleted list does not have, with the field named', async () => {
    const badState = await policyViewer.request({ url: '/api/admin/policies/?state=purged' });
    expect(badState.statusCode).toBe(422);
    expect(badState.json<{ errors: Record<string, string> }>().errors).toEqual({
      state: 'Select a valid choice.',
    });
    const badSort = await policyViewer.request({ url: '/api/admin/policies/?state=deleted&sort=name' });
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json<{ errors: Record<string, string> }>().errors.sort).toMatch(/valid sort/);
  });
});
