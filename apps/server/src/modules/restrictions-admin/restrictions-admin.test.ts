import type {
  Paginated,
  TRestrictionAdminInput,
  TRestrictionAdminItem,
  TRestrictionHistoryResponse,
} from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restrictionAccess, restrictions, restrictionVersions } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { sectorByCode } from '../restrictions/test-support.js';

let ctx: TestContext;
let manager: TestClient;
/** The manager's name, as the history shows who changed a record. */
let managerName: string;
let viewer: TestClient;
let ugandaOfficer: TestClient;
let body: TRestrictionAdminInput;

const path = '/api/admin/restrictions/';
const all = ['add', 'change', 'delete', 'view'].map((action) => `restrictions.${action}_restriction`);

/** A staff client with these permissions and edit grants on these countries, and its account's name. */
async function signIn(permissions: string[], editCountries: string[] = []) {
  const account = await createAccount(ctx.db, { staff: true, permissions });
  for (const countryCode of editCountries)
    await ctx.db.insert(restrictionAccess).values({ userId: account.id, countryCode, canEdit: true });
  const client = ctx.client();
  await client.login(account.email, testPassword);
  return { client, name: `${account.firstName} ${account.lastName}` };
}

const auditRows = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.model, 'restrictions.restriction'), eq(auditLog.objectId, String(id))))
    .orderBy(auditLog.id);
const versionsOf = (id: number) =>
  ctx.db
    .select()
    .from(restrictionVersions)
    .where(eq(restrictionVersions.restrictionId, id))
    .orderBy(restrictionVersions.version);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: manager, name: managerName } = await signIn(all, ['KE']));
  ({ client: viewer } = await signIn(['restrictions.view_restriction']));
  ({ client: ugandaOfficer } = await signIn(all, ['UG']));
  const [sector, sub, service] = await Promise.all([
    sectorByCode(ctx.db, '1'),
    sectorByCode(ctx.db, '1.A'),
    sectorByCode(ctx.db, '1.A.a'),
  ]);
  body = {
    title: 'Foreign law firms must partner with local firms',
    country: 'KE',
    sector: sector.id,
    sub_sector: sub.id,
    specific_service: service.id,
    restriction_type: 'joint_venture',
    market_access: 'yes',
    modes_of_supply: ['mode_3', 'mode_4'],
    restrictiveness_indicator: 0.5,
    responsible_agency: 'Law Society of Kenya',
    year_introduced: 2012,
    text_of_measure: 'Advocates Act, section 12.',
  };
});
afterAll(() => ctx.close());

describe('admin restrictions', () => {
  let created: TRestrictionAdminItem;

  it('creates a restriction with its first version and one audit row, in one transaction', async () => {
    const response = await manager.request({ method: 'POST', url: path, payload: body });
    expect(response.statusCode).toBe(201);
    created = response.json<TRestrictionAdminItem>();
    expect(created).toMatchObject({
      slug: 'foreign-law-firms-must-partner-with-local-firms-ke',
      version: 1,
      market_access: 'yes',
      national_treatment: 'no',
      status: 'in_force',
      discriminative: null,
      remarks: '',
      archived: false,
    });
    expect(created.specific_service?.code).toBe('1.A.a');
    const [version] = await versionsOf(created.id);
    expect(version).toMatchObject({ version: 1, changeType: 'created' });
    const audits = await auditRows(created.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'create', before: null });
  });

  it('gives creates of one title at once each its own slug', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        manager.request({ method: 'POST', url: path, payload: { ...body, title: 'Created at once' } }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const slugs = responses.map((response) => response.json<TRestrictionAdminItem>().slug);
    expect(slugs.sort()).toEqual([
      'created-at-once-ke',
      'created-at-once-ke-2',
      'created-at-once-ke-3',
      'created-at-once-ke-4',
      'created-at-once-ke-5',
    ]);
  });

  it('refuses a bad body field by field, with the messages of the update schema', async () => {
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: {
        ...body,
        title: ' ',
        sector: undefined,
        restrictiveness_indicator: 3,
        year_introduced: 1800,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      title: 'This field is required.',
      sector: 'This field is required.',
      restrictiveness_indicator: 'Enter a number from 0 to 1.',
      year_introduced: 'Enter a year from 1900 to 2099.',
    });
    const nesting = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body, sector: (await sectorByCode(ctx.db, '7')).id },
    });
    expect(nesting.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      sub_sector: 'Select a sub-sector of the selected sector.',
    });
  });

  it('lists with search, filters, state, sort and pages, and reads one record', async () => {
    const list = await viewer.request({ url: `${path}?q=law%20firms&country=ke&status=in_force&sort=title` });
    expect(list.statusCode).toBe(200);
    const page = list.json<Paginated<TRestrictionAdminItem>>();
    expect(page.count).toBe(1);
    expect(page.results[0]?.id).toBe(created.id);
    const bySubSector = await viewer.request({ url: `${path}?q=law%20firms&sector=${body.sub_sector}` });
    expect(bySubSector.json<Paginated<TRestrictionAdminItem>>().count).toBe(1);
    const elsewhere = await viewer.request({ url: `${path}?q=law%20firms&country=UG` });
    expect(elsewhere.json<Paginated<TRestrictionAdminItem>>().count).toBe(0);
    const one = await viewer.request({ url: `${path}${created.id}/` });
    expect(one.json<TRestrictionAdminItem>().text_of_measure).toBe('Advocates Act, section 12.');
    expect((await viewer.request({ url: `${path}?sort=password` })).statusCode).toBe(422);
  });

  it('changes a record: a new version with old → new, the history shows it, a stale editor gets 409', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body, title: 'Law firms: joint venture rule', remarks: 'Checked 2026', version: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TRestrictionAdminItem>()).toMatchObject({ version: 2, remarks: 'Checked 2026' });
    const history = await viewer.request({ url: `${path}${created.id}/history/` });
    const [latest] = history.json<TRestrictionHistoryResponse>().results;
    expect(latest).toMatchObject({ version: 2, change_type: 'updated', changed_by_user: managerName });
    expect(latest?.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', old: body.title, new: 'Law firms: joint venture rule' },
        { field: 'remarks', old: '', new: 'Checked 2026' },
      ]),
    );
    expect((await auditRows(created.id)).at(-1)).toMatchObject({ action: 'update' });
    const stale = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body, title: 'Stale', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toMatch(/changed by someone else/);
  });

  it('refuses a data officer of another country, saying why, and changes nothing', async () => {
    const edit = await ugandaOfficer.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body, title: 'Not mine', version: 2 },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json<{ detail: string }>().detail).toMatch(/edit access to the restrictions of Kenya/);
    const add = await ugandaOfficer.request({ method: 'POST', url: path, payload: body });
    expect(add.statusCode).toBe(403);
    for (const url of [`${path}${created.id}/archive/`]) {
      expect((await ugandaOfficer.request({ method: 'POST', url })).statusCode).toBe(403);
    }
    expect((await ugandaOfficer.request({ method: 'DELETE', url: `${path}${created.id}/` })).statusCode).toBe(
      403,
    );
    // Moving a Kenyan restriction to Uganda needs the grant of both.
    const move = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body, country: 'UG', version: 2 },
    });
    expect(move.statusCode).toBe(403);
    expect(move.json<{ detail: string }>().detail).toMatch(/Uganda/);
    expect(await versionsOf(created.id)).toHaveLength(2);
  });

  it('archives and unarchives with a version each; the list shows each state apart', async () => {
    const archived = await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` });
    expect(archived.json<TRestrictionAdminItem>()).toMatchObject({ archived: true, version: 3 });
    const active = await viewer.request({ url: `${path}?q=joint%20venture%20rule` });
    expect(active.json<Paginated<TRestrictionAdminItem>>().count).toBe(0);
    const inArchive = await viewer.request({ url: `${path}?q=joint%20venture%20rule&state=archived` });
    expect(inArchive.json<Paginated<TRestrictionAdminItem>>().count).toBe(1);
    const back = await manager.request({ method: 'POST', url: `${path}${created.id}/unarchive/` });
    expect(back.json<TRestrictionAdminItem>()).toMatchObject({
      archived: false,
      archived_at: null,
      version: 4,
    });
    const types = (await versionsOf(created.id)).map((version) => version.changeType);
    expect(types).toEqual(['created', 'updated', 'archived', 'unarchived']);
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual([
      'create',
      'update',
      'archived',
      'unarchived',
    ]);
  });

  it('refuses every write to a user with only view_', async () => {
    const refused = [
      viewer.request({ method: 'POST', url: path, payload: body }),
      viewer.request({ method: 'PUT', url: `${path}${created.id}/`, payload: body }),
      viewer.request({ method: 'POST', url: `${path}${created.id}/archive/` }),
      viewer.request({ method: 'DELETE', url: `${path}${created.id}/` }),
      viewer.request({ url: `${path}import/template/` }),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const response = await ctx.client().request({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const wanted of [
      '/api/admin/restrictions/',
      '/api/admin/restrictions/{id}/history/',
      '/api/admin/restrictions/import/',
    ])
      expect(paths).toContain(wanted);
  });

  it('purges a record with its versions; the audit row keeps what it was', async () => {
    const response = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(response.json()).toEqual({ purged: true, id: created.id });
    expect(await ctx.db.select().from(restrictions).where(eq(restrictions.id, created.id))).toEqual([]);
    expect(await versionsOf(created.id)).toEqual([]);
    const audit = (await auditRows(created.id)).at(-1);
    expect(audit).toMatchObject({ action: 'delete', after: null });
    expect(audit?.before).toMatchObject({ title: 'Law firms: joint venture rule' });
    expect((await viewer.request({ url: `${path}${created.id}/` })).statusCode).toBe(404);
  });
});
