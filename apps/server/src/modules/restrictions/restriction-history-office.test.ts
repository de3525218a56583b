import type { TRestrictionDetail, TRestrictionHistoryResponse } from '@stp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restrictionAccess } from '../../db/schema/index.js';
import { createAccount, testPassword, type AccountOptions } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { insertRestriction } from './test-support.js';

// Issue 29 item 10: the public restriction history names the office that made a change, not the staff
// member; staff views keep the name.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const editPermission = 'restrictions.change_restriction';

/** A signed-in account with this display name; an edit grant for Kenya unless it is a superuser. */
async function editor(displayName: string, options: AccountOptions) {
  const account = await createAccount(ctx.db, { staff: true, permissions: [editPermission], ...options });
  await ctx.db.execute(sql`update users set display_name = ${displayName} where id = ${account.id}`);
  if (!options.superuser)
    await ctx.db.insert(restrictionAccess).values({ userId: account.id, countryCode: 'KE', canEdit: true });
  const client = ctx.client();
  expect((await client.login(account.email, testPassword)).statusCode).toBe(200);
  return { account, client };
}

async function patch(client: TestClient, slug: string, payload: object) {
  const response = await client.request({ method: 'PATCH', url: `/api/restrictions/${slug}/`, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TRestrictionDetail>();
}

describe('restriction history: who made a change', () => {
  it('the public view names the office (partner state or the Community), never the staff member', async () => {
    const row = await insertRestriction(ctx.db, { countryCode: 'KE', remarks: '' });
    const kenyan = await editor('Amina Kenyan Officer', { country: 'KE' });
    const secretariat = await editor('Baraka Secretariat Officer', { country: 'TZ' });
    const superuser = await editor('Chausiku Superuser', { superuser: true, country: 'KE' });

    await patch(kenyan.client, row.slug, { remarks: 'Checked by the regulator.', version: 1 });
    await patch(secretariat.client, row.slug, { remarks: 'Checked by the secretariat.', version: 2 });
    const answer = await patch(superuser.client, row.slug, { remarks: 'Checked once more.', version: 3 });

    const view = await ctx.client().request({ url: `/api/restrictions/${row.slug}/` });
    expect(view.statusCode).toBe(200);
    for (const body of [view.body, JSON.stringify(answer)]) {
      for (const { account } of [kenyan, secretariat, superuser]) {
        expect(body).not.toContain(account.email);
        expect(body).not.toContain(account.lastName);
      }
      for (const name of ['Amina', 'Baraka', 'Chausiku']) expect(body).not.toContain(name);
    }
    const history = view.json<TRestrictionDetail>().history;
    expect(history.map((version) => [version.version, version.changed_by])).toEqual([
      [
        4,
        {
          kind: 'community',
          name: {
            en: 'East African Community Secretariat',
            fr: "Secrétariat de la Communauté d'Afrique de l'Est",
          },
        },
      ],
      [
        3,
        {
          kind: 'community',
          name: {
            en: 'East African Community Secretariat',
            fr: "Secrétariat de la Communauté d'Afrique de l'Est",
          },
        },
      ],
      [2, { kind: 'partner_state', name: { en: 'Kenya (partner state)', fr: 'Kenya (État partenaire)' } }],
      [1, null],
    ]);
    expect(history.map((version) => Object.keys(version).sort())).toEqual(
      history.map(() => ['change_type', 'changed_at', 'changed_by', 'changes', 'version']),
    );

    // Staff with the view permission still see who it was, beside the office.
    const viewer = await ctx.signedIn(['restrictions.view_restriction']);
    const staffHistory = await viewer.request({ url: `/api/admin/restrictions/${row.id}/history/` });
    expect(staffHistory.statusCode).toBe(200);
    const results = staffHistory.json<TRestrictionHistoryResponse>().results;
    expect(
      results.map((version) => [version.version, version.changed_by?.kind ?? null, version.changed_by_user]),
    ).toEqual([
      [4, 'community', 'Chausiku Superuser'],
      [3, 'community', 'Baraka Secretariat Officer'],
      [2, 'partner_state', 'Amina Kenyan Officer'],
      [1, null, null],
    ]);
    expect(staffHistory.body).not.toContain(kenyan.account.email);
  });
});
