import type { TRestrictionDetail, TRestrictionListResponse } from '@stp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  groups,
  restrictionAccess,
  restrictions,
  restrictionVersions,
} from '../../db/schema/index.js';
import { createAccount, testPassword, type AccountOptions } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { insertRestriction, sectorByCode } from './test-support.js';

let ctx: TestContext;
let slug: string;
let restrictionId: number;
const editPermission = 'restrictions.change_restriction';

beforeAll(async () => {
  ctx = await createTestContext();
  const row = await insertRestriction(ctx.db, {
    title: 'Original title',
    countryCode: 'KE',
    yearIntroduced: 2001,
  });
  slug = row.slug;
  restrictionId = row.id;
});
afterAll(() => ctx.close());

async function signedIn(options: AccountOptions & { firstName?: string } = {}) {
  const account = await createAccount(ctx.db, options);
  const client = ctx.client();
  const login = await client.login(account.email, testPassword);
  expect(login.statusCode).toBe(200);
  return { account, client };
}

const patch = (client: ReturnType<TestContext['client']>, payload: object, target = slug) =>
  client.request({ method: 'PATCH', url: `/api/restrictions/${target}/`, payload });

async function versionsOf(id: number) {
  return ctx.db.select().from(restrictionVersions).where(eq(restrictionVersions.restrictionId, id));
}

describe('PATCH /api/restrictions/{slug}/', () => {
  it('refuses a visitor (401), a client (403) and staff without the permission (403)', async () => {
    const visitor = ctx.client();
    await visitor.openHostPage();
    expect((await patch(visitor, { title: 'X' })).statusCode).toBe(401);
    const client = await signedIn();
    expect((await patch(client.client, { title: 'X' })).statusCode).toBe(403);
    const staff = await signedIn({ staff: true });
    expect((await patch(staff.client, { title: 'X' })).statusCode).toBe(403);
    expect(await versionsOf(restrictionId)).toHaveLength(1);
  });

  it('refuses staff with the permission but no edit grant for the country (403 with a clear detail)', async () => {
    const { account, client } = await signedIn({ staff: true, permissions: [editPermission] });
    // A view-only grant and an edit grant for another country do not count.
    await ctx.db.insert(restrictionAccess).values([
      { userId: account.id, countryCode: 'KE', canEdit: false },
      { userId: account.id, countryCode: 'UG', canEdit: true },
    ]);
    const response = await patch(client, { title: 'Not allowed' });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ detail: string }>().detail).toContain('Kenya');
    // A grant for another sector of the country does not count either.
    const financial = await sectorByCode(ctx.db, '7');
    await ctx.db.insert(restrictionAccess).values({
      userId: account.id,
      countryCode: 'KE',
      sectorId: financial.id,
      canEdit: true,
    });
    expect((await patch(client, { title: 'Not allowed' })).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(restrictions).where(eq(restrictions.id, restrictionId));
    expect(row?.title).toBe('Original title');

    // A direct grant naming the restriction's own sector allows the edit.
    const other = await insertRestriction(ctx.db, { countryCode: 'KE', sectorId: financial.id });
    expect((await patch(client, { remarks: 'Checked.' }, other.slug)).statusCode).toBe(200);
    expect(await versionsOf(other.id)).toHaveLength(2);
  });

  it('applies a change with a grant through a group, and the history shows it', async () => {
    const { account, client } = await signedIn({ staff: true, groups: ['Data officers'] });
    const [group] = await ctx.db.select().from(groups).where(eq(groups.name, 'Data officers'));
    await ctx.db.insert(restrictionAccess).values({ groupId: group?.id, countryCode: 'KE', canEdit: true });
    await ctx.db.execute(sql`update users set display_name = 'Amina Data' where id = ${account.id}`);

    // Warm the caches: the write must clear them.
    const before = await ctx.client().request({ url: '/api/restrictions/?q=amended' });
    expect(before.json<TRestrictionListResponse>().count).toBe(0);

    const response = await patch(client, { title: 'Amended title', year_introduced: 2003, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<TRestrictionDetail>();
    expect(detail).toMatchObject({ title: 'Amended title', year_introduced: 2003, version: 2 });
    // The office, not the person (issue 29 item 10): a Kenyan staff member under a grant for Kenya.
    const kenya = {
      kind: 'partner_state',
      name: { en: 'Kenya (partner state)', fr: 'Kenya (État partenaire)' },
    };
    expect(detail.history[0]).toMatchObject({ version: 2, change_type: 'updated', changed_by: kenya });
    expect(detail.history[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', old: 'Original title', new: 'Amended title' },
        { field: 'year_introduced', old: 2001, new: 2003 },
      ]),
    );
    expect(detail.history).toHaveLength(2);
    // The public view and the browse list show it at once.
    const view = await ctx.client().request({ url: `/api/restrictions/${slug}/` });
    expect(view.json<TRestrictionDetail>().history[0]?.changed_by).toEqual(kenya);
    expect(JSON.stringify(view.json())).not.toContain(account.email);
    expect(JSON.stringify(view.json())).not.toContain('Amina Data');
    const after = await ctx.client().request({ url: '/api/restrictions/?q=amended' });
    expect(after.json<TRestrictionListResponse>().count).toBe(1);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(restrictionId)));
    expect(audit).toHaveLength(2);
    const update = audit.find((entry) => entry.action === 'update');
    expect(update).toMatchObject({ actorId: account.id, model: 'restrictions.restriction' });
    expect(update?.before?.title).toBe('Original title');
    expect(update?.after?.title).toBe('Amended title');

    // A stale version is refused; an unchanged body writes nothing.
    expect((await patch(client, { title: 'Stale', version: 1 })).statusCode).toBe(409);
    expect((await patch(client, { title: 'Amended title' })).statusCode).toBe(200);
    expect(await versionsOf(restrictionId)).toHaveLength(2);
  });

  it('answers 422 for bad input and changes nothing', async () => {
    const { client } = await signedIn({ superuser: true });
    const cases: [object, string][] = [
      [{ title: '' }, 'title'],
      [{ market_access: 'maybe' }, 'market_access'],
      [{ restrictiveness_indicator: 2 }, 'restrictiveness_indicator'],
      [{ modes_of_supply: ['mode_1', 'mode_1'] }, 'modes_of_supply'],
      [{ unknown_field: 1 }, '_'],
      [{ sub_sector: (await sectorByCode(ctx.db, '7.A')).id }, 'sub_sector'],
      [{ country: 'FR' }, 'country'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await versionsOf(restrictionId)).toHaveLength(2);
    expect((await patch(client, { title: 'X' }, 'no-such-restriction')).statusCode).toBe(404);
  });

  it('writes the restriction, its version and the audit entry atomically', async () => {
    const { client } = await signedIn({ superuser: true });
    // Make the audit insert fail for one title: the restriction and version writes must roll back.
    await ctx.db.execute(
      sql.raw(`create function test_refuse_audit() returns trigger language plpgsql as $$
      begin if new.after->>'title' = 'Boom' then raise exception 'audit refused'; end if; return new; end $$`),
    );
    await ctx.db.execute(
      sql.raw(
        'create trigger test_refuse_audit before insert on audit_log for each row execute function test_refuse_audit()',
      ),
    );
    const failed = await patch(client, { title: 'Boom' });
    expect(failed.statusCode).toBe(500);
    const [row] = await ctx.db.select().from(restrictions).where(eq(restrictions.id, restrictionId));
    expect(row).toMatchObject({ title: 'Amended title', version: 2 });
    expect(await versionsOf(restrictionId)).toHaveLength(2);

    const ok = await patch(client, { title: 'Fine again' });
    expect(ok.statusCode).toBe(200);
    const versions = await versionsOf(restrictionId);
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
  });
  it('keeps every one of concurrent edits of one restriction, each with its own version and diff', async () => {
    const { client } = await signedIn({ superuser: true });
    const row = await insertRestriction(ctx.db, { title: 'Concurrent', countryCode: 'KE' });
    const edits = [
      { title: 'Concurrent, retitled' },
      { remarks: 'Reviewed in March.' },
      { responsible_agency: 'Capital Markets Authority' },
      { commitments_made: 'Bound in the schedule.' },
      { other_dates: 'Amended 2019.' },
      { year_introduced: 1999 },
    ];
    // Each edit reads the row, then writes it only if no other edit came between (else it reads again).
    const responses = await Promise.all(edits.map((edit) => patch(client, edit, row.slug)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const [saved] = await ctx.db.select().from(restrictions).where(eq(restrictions.id, row.id));
    expect(saved).toMatchObject({
      title: 'Concurrent, retitled',
      remarks: 'Reviewed in March.',
      responsibleAgency: 'Capital Markets Authority',
      commitmentsMade: 'Bound in the schedule.',
      otherDates: 'Amended 2019.',
      yearIntroduced: 1999,
      version: edits.length + 1,
    });
    const versions = (await versionsOf(row.id)).sort((a, b) => a.version - b.version);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Each version changed one field, from the value of the version before it.
    for (const [index, version] of versions.slice(1).entries()) {
      const fields = Object.keys(version.changes);
      expect(fields).toHaveLength(1);
      const field = fields[0]!;
      expect(version.changes[field]?.old).toEqual(versions[index]!.snapshot[field]);
      expect(version.snapshot[field]).toEqual(version.changes[field]?.new);
    }

    // Two edits made on the same version: one lands, the other is told to reload.
    const both = await Promise.all(
      ['First', 'Second'].map((title) => patch(client, { title, version: edits.length + 1 }, row.slug)),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await versionsOf(row.id)).toHaveLength(edits.length + 2);
  });
});
