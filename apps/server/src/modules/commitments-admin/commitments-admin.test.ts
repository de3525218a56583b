import type { Paginated, TCommitmentAdminItem } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commitments } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { sectorByCode } from '../restrictions/test-support.js';

let ctx: TestContext;
let manager: TestClient;
let viewer: TestClient;
let sectorId: number;
let otherSectorId: number;

const path = '/api/admin/commitments/';

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(
    ['add', 'change', 'delete', 'view'].map((action) => `restrictions.${action}_commitment`),
  );
  viewer = await signIn(['restrictions.view_commitment']);
  // A pair the seed has no commitment for: the test's own rows start from a clean slate.
  sectorId = (await sectorByCode(ctx.db, '1.A')).id;
  otherSectorId = (await sectorByCode(ctx.db, '1.B')).id;
  await ctx.db.delete(commitments).where(eq(commitments.countryCode, 'BI'));
});
afterAll(() => ctx.close());

describe('admin commitments', () => {
  let created: TCommitmentAdminItem;
  const body = () => ({
    country: 'bi',
    sector: String(sectorId),
    committed_to_liberalise: true,
    year_committed: '2012',
    details: 'Modes 1 to 3 bound.',
  });

  it('creates a commitment from form values, with its audit row', async () => {
    const response = await manager.request({ method: 'POST', url: path, payload: body() });
    expect(response.statusCode).toBe(201);
    created = response.json<TCommitmentAdminItem>();
    expect(created).toMatchObject({
      country: { code: 'BI', name: { en: 'Burundi' } },
      sector: { id: sectorId, code: '1.A', level: 2 },
      committed_to_liberalise: true,
      year_committed: 2012,
      archived: false,
    });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.model, 'restrictions.commitment'), eq(auditLog.objectId, String(created.id))));
    expect(audits.map((row) => row.action)).toEqual(['add']);
  });

  it('answers a duplicate pair with the message, the pair and the existing id, and writes nothing', async () => {
    const before = await ctx.db.select().from(commitments).where(eq(commitments.countryCode, 'BI'));
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body(), details: 'Again' },
    });
    expect(response.statusCode).toBe(409);
    const answer = response.json<{ detail: string; errors: Record<string, string>; existing_id: number }>();
    expect(answer.existing_id).toBe(created.id);
    expect(answer.errors).toEqual({ sector: 'A commitment for this country and sector already exists.' });
    expect(answer.detail).toMatch(
      /Burundi and 1\.A .* already exists \(#\d+\)\. Edit the existing commitment/,
    );
    const after = await ctx.db.select().from(commitments).where(eq(commitments.countryCode, 'BI'));
    expect(after).toHaveLength(before.length);
  });

  it('a change onto an existing pair is refused the same way', async () => {
    const other = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body(), sector: otherSectorId, year_committed: '' },
    });
    expect(other.statusCode).toBe(201);
    expect(other.json<TCommitmentAdminItem>().year_committed).toBeNull();
    const id = other.json<TCommitmentAdminItem>().id;
    const clash = await manager.request({ method: 'PUT', url: `${path}${id}/`, payload: body() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ existing_id: number }>().existing_id).toBe(created.id);
    expect((await manager.request({ method: 'DELETE', url: `${path}${id}/` })).statusCode).toBe(200);
  });

  it('refuses bad values field by field', async () => {
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: { country: 'FR', sector: '', year_committed: '1800', committed_to_liberalise: 'maybe' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      sector: 'This field is required.',
      year_committed: 'Enter a year from 1900 to 2099.',
      committed_to_liberalise: 'Select yes or no.',
    });
    const notPartner = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body(), country: 'FR', sector: 999999 },
    });
    expect(notPartner.json<{ errors: Record<string, string> }>().errors).toEqual({
      country: 'Select a partner state.',
      sector: 'Select a valid choice.',
    });
  });

  it('lists with the country, sector and committed filters and the search', async () => {
    const list = await viewer.request({ url: `${path}?country=BI&committed=yes&sort=-year` });
    const page = list.json<Paginated<TCommitmentAdminItem>>();
    expect(page.count).toBe(1);
    expect(page.results[0]?.id).toBe(created.id);
    const bySector = await viewer.request({ url: `${path}?sector=${sectorId}&q=burundi` });
    expect(bySector.json<Paginated<TCommitmentAdminItem>>().results.map((row) => row.id)).toEqual([
      created.id,
    ]);
    const none = await viewer.request({ url: `${path}?country=BI&committed=no` });
    expect(none.json<Paginated<TCommitmentAdminItem>>().count).toBe(0);
  });

  it('the public sector page shows a change at once (the catalogue cache is dropped)', async () => {
    const slug = created.sector.slug;
    const first = await ctx.client().request({ url: `/api/sectors/${slug}/` });
    const details = () =>
      first.json<{ commitments: { country: { code: string }; details: string }[] }>().commitments;
    expect(details().find((row) => row.country.code === 'BI')?.details).toBe('Modes 1 to 3 bound.');
    const changed = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body(), details: 'Mode 4 added.' },
    });
    expect(changed.json<TCommitmentAdminItem>().details).toBe('Mode 4 added.');
    const again = await ctx.client().request({ url: `/api/sectors/${slug}/` });
    const rows = again.json<{ commitments: { country: { code: string }; details: string }[] }>().commitments;
    expect(rows.find((row) => row.country.code === 'BI')?.details).toBe('Mode 4 added.');
  });

  it('archives, unarchives and purges', async () => {
    const archived = await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` });
    expect(archived.json<TCommitmentAdminItem>().archived).toBe(true);
    const inArchive = await viewer.request({ url: `${path}?country=BI&state=archived` });
    expect(inArchive.json<Paginated<TCommitmentAdminItem>>().count).toBe(1);
    await manager.request({ method: 'POST', url: `${path}${created.id}/unarchive/` });
    const purged = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(purged.json()).toEqual({ purged: true, id: created.id });
    expect((await viewer.request({ url: `${path}${created.id}/` })).statusCode).toBe(404);
  });

  it('gates every route by its codename', async () => {
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    expect((await (await signIn([])).request({ url: path })).statusCode).toBe(403);
    const refused = await Promise.all([
      viewer.request({ method: 'POST', url: path, payload: body() }),
      viewer.request({ method: 'PUT', url: `${path}1/`, payload: body() }),
      viewer.request({ method: 'POST', url: `${path}1/archive/` }),
      viewer.request({ method: 'DELETE', url: `${path}1/` }),
    ]);
    for (const response of refused) expect(response.statusCode).toBe(403);
  });
});
