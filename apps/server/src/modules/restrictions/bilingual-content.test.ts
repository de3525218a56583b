// French translations of catalogue content (issue 33 item 5): saved, validated, answered, searched.
import type {
  Paginated,
  TNotificationAdminItem,
  TNotificationListItem,
  TRestrictionAdminInput,
  TRestrictionAdminItem,
  TRestrictionDetail,
  TRestrictionListItem,
} from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restrictionAccess, restrictionUpdates, restrictions } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { invalidateRestrictionCaches } from './restriction-cache.js';
import { sectorByCode } from './test-support.js';

let ctx: TestContext;
let manager: TestClient;
let body: TRestrictionAdminInput;

const adminPath = '/api/admin/restrictions/';
type Errors = { errors: Record<string, string> };

beforeAll(async () => {
  ctx = await createTestContext();
  const permissions = [
    ...['add', 'change', 'view'].map((action) => `restrictions.${action}_restriction`),
    ...['add', 'change'].map((action) => `restrictions.${action}_notification`),
  ];
  const account = await createAccount(ctx.db, { staff: true, permissions });
  await ctx.db.insert(restrictionAccess).values({ userId: account.id, countryCode: 'KE', canEdit: true });
  manager = ctx.client();
  await manager.login(account.email, testPassword);
  body = {
    title: 'Foreign surveyors must register with the national board',
    country: 'KE',
    sector: (await sectorByCode(ctx.db, '1')).id,
    restriction_type: 'licensing',
    modes_of_supply: ['mode_3'],
    text_of_measure: 'Surveyors Act, section 9: registration of surveyors.',
    remarks: 'Applies to cadastral work.',
  };
});
afterAll(() => ctx.close());

const detailOf = async (slug: string) =>
  (await ctx.client().request({ url: `/api/restrictions/${slug}/` })).json<TRestrictionDetail>();
const search = async (q: string) =>
  (await ctx.client().request({ url: `/api/restrictions/?q=${encodeURIComponent(q)}` })).json<
    Paginated<TRestrictionListItem>
  >();

describe('French translations of a restriction', () => {
  let created: TRestrictionAdminItem;

  it('are saved beside the English fields and answered by the admin, the view and the browse list', async () => {
    const response = await manager.request({
      method: 'POST',
      url: adminPath,
      payload: {
        ...body,
        title_fr: 'Les géomètres étrangers doivent s’inscrire auprès du conseil national',
        text_of_measure_fr: 'Loi sur les géomètres, article 9 : immatriculation des arpenteurs cadastraux.',
        remarks_fr: '  ',
      },
    });
    expect(response.statusCode).toBe(201);
    created = response.json<TRestrictionAdminItem>();
    // A blank translation is "not translated": stored as null, never as spaces.
    expect(created).toMatchObject({
      title_fr: 'Les géomètres étrangers doivent s’inscrire auprès du conseil national',
      text_of_measure_fr: 'Loi sur les géomètres, article 9 : immatriculation des arpenteurs cadastraux.',
      remarks_fr: null,
    });
    const detail = await detailOf(created.slug);
    expect(detail).toMatchObject({
      title: body.title,
      title_fr: created.title_fr,
      text_of_measure: body.text_of_measure,
      text_of_measure_fr: created.text_of_measure_fr,
      remarks: body.remarks,
      remarks_fr: null,
    });
    const listed = await ctx.client().request({ url: '/api/restrictions/?country=KE&page_size=100' });
    const row = listed.json<Paginated<TRestrictionListItem>>().results.find((item) => item.id === created.id);
    expect(row?.title_fr).toBe(created.title_fr);
  });

  it('refuse a translation past its length on its own field and change nothing', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${adminPath}${created.id}/`,
      payload: { ...body, version: created.version, title_fr: 'é'.repeat(501) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toEqual({
      title_fr: 'Ensure this field has no more than 500 characters.',
    });
    const [row] = await ctx.db.select().from(restrictions).where(eq(restrictions.id, created.id));
    expect(row?.titleFr).toBe(created.title_fr);
  });

  it('are found by the full-text search, with French stemming of words only the French text holds', async () => {
    // "arpenteurs" and "immatriculation" are only in the French text of measure; "cadastral" stems alike.
    for (const q of ['arpenteur', 'immatriculations', 'géomètre conseil']) {
      const found = await search(q);
      expect({ q, ids: found.results.map((item) => item.id) }).toEqual({ q, ids: [created.id] });
    }
  });

  it('keep the English text when a change leaves them out, and record their changes in the history', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${adminPath}${created.id}/`,
      payload: { ...body, version: created.version, remarks_fr: 'Vaut pour les travaux cadastraux.' },
    });
    expect(response.statusCode).toBe(200);
    const changed = response.json<TRestrictionAdminItem>();
    // A change replaces the whole record: fields left out are cleared, as for the English ones.
    expect(changed).toMatchObject({ remarks_fr: 'Vaut pour les travaux cadastraux.', title_fr: null });
    const detail = await detailOf(created.slug);
    expect(detail.history[0]?.changes.map((change) => change.field).sort()).toEqual([
      'remarks_fr',
      'text_of_measure_fr',
      'title_fr',
    ]);
  });

  it('answer the French text of an update, null where not translated', async () => {
    await ctx.db.insert(restrictionUpdates).values([
      {
        restrictionId: created.id,
        source: 'partner_state',
        summary: 'Board fees revised',
        details: 'The fee is now KES 5,000.',
        summaryFr: 'Frais du conseil révisés',
        detailsFr: 'Les frais sont désormais de 5 000 KES.',
        updateDate: '2026-03-01',
      },
      {
        restrictionId: created.id,
        source: 'community',
        summary: 'Reviewed at the council',
        updateDate: '2026-02-01',
      },
    ]);
    invalidateRestrictionCaches();
    const detail = await detailOf(created.slug);
    expect(detail.updates.map(({ summary_fr, details_fr }) => ({ summary_fr, details_fr }))).toEqual([
      { summary_fr: 'Frais du conseil révisés', details_fr: 'Les frais sont désormais de 5 000 KES.' },
      { summary_fr: null, details_fr: null },
    ]);
  });
});

describe('the French description of a notification', () => {
  it('is saved, answered in public and found by the search', async () => {
    const response = await manager.request({
      method: 'POST',
      url: '/api/admin/notifications/',
      payload: {
        reference: 'EAC/KE/2026/77',
        status: 'notified',
        country_code: 'KE',
        notification_date: '2026-04-10',
        description_of_measure: 'Insurers must cede part of their risks to a national reinsurer.',
        description_of_measure_fr:
          'Les assureurs doivent céder une part de leurs risques à un réassureur national.',
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<TNotificationAdminItem>();
    expect(created.description_of_measure_fr).toBe(
      'Les assureurs doivent céder une part de leurs risques à un réassureur national.',
    );
    const found = (
      await ctx.client().request({ url: `/api/notifications/?q=${encodeURIComponent('réassureurs')}` })
    ).json<Paginated<TNotificationListItem>>();
    expect(found.results.map((item) => [item.reference, item.description_of_measure_fr])).toEqual([
      ['EAC/KE/2026/77', created.description_of_measure_fr],
    ]);
  });

  it('refuses a French description past its length and stores an empty one as not translated', async () => {
    const base = {
      reference: 'EAC/KE/2026/78',
      status: 'notified',
      country_code: 'KE',
      notification_date: '2026-04-11',
      description_of_measure: 'A measure.',
    };
    const refused = await manager.request({
      method: 'POST',
      url: '/api/admin/notifications/',
      payload: { ...base, description_of_measure_fr: 'x'.repeat(10_001) },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Errors>().errors).toEqual({
      description_of_measure_fr: 'Ensure this field has no more than 10000 characters.',
    });
    const saved = await manager.request({
      method: 'POST',
      url: '/api/admin/notifications/',
      payload: { ...base, description_of_measure_fr: '' },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<TNotificationAdminItem>().description_of_measure_fr).toBeNull();
  });
});
