import type { Paginated, TFeaturedInsightAdminItem, THome } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let manager: TestClient;
let viewer: TestClient;
let reportId: number;

const path = '/api/admin/featured-insights/';
type Errors = { errors: Record<string, string> };
const body = {
  title_en: 'Where services trade is most open',
  title_fr: 'Où le commerce des services est le plus ouvert',
  summary_en: 'The restrictiveness index by partner state.',
  link_url: '',
  index: 1,
  published_on: '2026-03-02',
};

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

const homeTitles = async () =>
  (await ctx.client().request({ url: '/api/home/' }))
    .json<THome>()
    .featured.map((insight) => insight.title.en);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(
    ['add', 'change', 'delete', 'view'].map((action) => `core.${action}_featuredinsight`),
  );
  viewer = await signIn(['core.view_featuredinsight']);
  const [report] = await ctx.db
    .insert(reports)
    .values({
      slug: 'index',
      titleEn: 'Index',
      titleFr: 'Indice',
      displayType: 'bar',
      params: { metric: 'restrictiveness_index' },
    })
    .returning();
  reportId = report!.id;
});
afterAll(() => ctx.close());

describe('admin featured insights', () => {
  let created: TFeaturedInsightAdminItem;

  it('needs a report or a link, an https link, a valid date and a known report', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { report_id: 'Choose a report or enter a link.' }],
      [{ link_url: 'http://example.org/' }, { link_url: 'Enter an https:// address.' }],
      [{ link_url: 'not a url' }, { link_url: 'Enter a valid URL.' }],
      [
        { report_id: reportId, published_on: '2026-02-30' },
        { published_on: 'Enter a valid date (YYYY-MM-DD).' },
      ],
      [{ report_id: reportId, published_on: '' }, { published_on: 'This field is required.' }],
      [{ report_id: 999999 }, { report_id: 'Select a valid report.' }],
    ];
    for (const [change, errors] of cases) {
      const response = await manager.request({ method: 'POST', url: path, payload: { ...body, ...change } });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json<Errors>().errors).toEqual(errors);
    }
  });

  it('creates an insight showing a report: the home page lists it at once', async () => {
    expect(await homeTitles()).toEqual([]);
    const response = await manager.request({
      method: 'POST',
      url: path,
      payload: { ...body, report_id: String(reportId) },
    });
    expect(response.statusCode).toBe(201);
    created = response.json<TFeaturedInsightAdminItem>();
    expect(created).toMatchObject({
      report_id: reportId,
      report: { id: reportId, slug: 'index', title: { en: 'Index', fr: 'Indice' } },
      link_url: '',
      summary_fr: '',
      published_on: '2026-03-02',
    });
    expect(await homeTitles()).toEqual(['Where services trade is most open']);
  });

  it('changes it to a link, lists and sorts', async () => {
    const response = await manager.request({
      method: 'PUT',
      url: `${path}${created.id}/`,
      payload: { ...body, report_id: '', link_url: 'https://example.org/brief' },
    });
    expect(response.json<TFeaturedInsightAdminItem>()).toMatchObject({
      report_id: null,
      report: null,
      link_url: 'https://example.org/brief',
    });
    const list = await viewer.request({ url: `${path}?q=open&sort=-published_on` });
    expect(list.json<Paginated<TFeaturedInsightAdminItem>>().count).toBe(1);
  });

  it('archives (gone from the home page), unarchives, purges', async () => {
    await manager.request({ method: 'POST', url: `${path}${created.id}/archive/` });
    expect(await homeTitles()).toEqual([]);
    await manager.request({ method: 'POST', url: `${path}${created.id}/unarchive/` });
    expect(await homeTitles()).toHaveLength(1);
    const purged = await manager.request({ method: 'DELETE', url: `${path}${created.id}/` });
    expect(purged.json()).toEqual({ purged: true, id: created.id });
    expect(await homeTitles()).toEqual([]);
  });

  it('gates every route by its own codename', async () => {
    const payload = { ...body, link_url: 'https://example.org/' };
    expect((await ctx.client().request({ url: path })).statusCode).toBe(401);
    expect((await (await signIn(['core.view_report'])).request({ url: path })).statusCode).toBe(403);
    const refused = [
      viewer.request({ method: 'POST', url: path, payload }),
      viewer.request({ method: 'PUT', url: `${path}1/`, payload }),
      viewer.request({ method: 'POST', url: `${path}1/archive/` }),
      viewer.request({ method: 'DELETE', url: `${path}1/` }),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(403);
  });
});
