import { metricDimensions, metricNames } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { inPool, routeCalls, routeLabel } from '../test/route-calls.js';
import { seedHiddenRecords, wordOf, type Hidden } from './public-visibility.fixtures.js';

/**
 * Issue 29, item 1: unpublished content is never public. Each public resource gets a draft (an
 * unpublished or inactive record) and an archived one, each carrying a word of its own; every public
 * GET route of the route table is then called (its sample call, each hidden record's slug and id in its
 * path, each word as its search and each hidden slug as its filters) and no answer may hold any of the
 * words. The figures must equal what the resources' own public lists count. The rules themselves:
 * apps/server/src/db/public-visibility.ts (docs/content.md).
 */

let ctx: TestContext;
let hidden: Hidden[] = [];
let visibleSlugs: string[] = [];
const year = new Date().getUTCFullYear();

/**
 * The answers a hidden record may appear in, by the spec: a restriction's view shows archived ones, and
 * the feed of restriction changes lists their changes, the archiving among them (issue 34, docs/feeds.md).
 */
const allowed = (label: string, url: string, word: string) =>
  (label === 'GET /api/restrictions/:slug/' &&
    new RegExp(`/${wordOf('restriction', 'archived')}/$`).test(url)) ||
  (label === 'GET /api/feeds/restrictions/' && word === wordOf('restriction', 'archived'));

/** Query parameters that name a sector or a policy area: a hidden one must be refused like an unknown one. */
const filterParams = new Set(['category', 'sector', 'sub_sector', 'specific_service', 'policy']);

/**
 * The part of an answer that holds records: a feed's entries (its head echoes the query asked, `q`
 * included, in its title, id and links); the whole body of any other answer.
 */
const recordsOf = (label: string, body: string) =>
  label.startsWith('GET /api/feeds/') ? (body.match(/<entry>[\s\S]*?<\/entry>/g) ?? []).join('') : body;

type OpenApi = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
};

let publicGets: { method: string; url: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  ({ hidden, visible: visibleSlugs } = await seedHiddenRecords(ctx));
  publicGets = ctx.app.routeTable.filter((route) => route.method === 'GET' && route.access.kind === 'public');
}, 60_000);
afterAll(() => ctx.close());

/** Every call of the sweep: label and URL. */
function sweepCalls(): { label: string; url: string }[] {
  const samples = routeCalls(ctx.app, publicGets);
  const document = ctx.app.swagger() as OpenApi;
  const calls: { label: string; url: string }[] = [];
  const keys = hidden.flatMap((record) => [record.slug, record.id]).filter((key) => key !== undefined);
  const opened = [...keys, ...visibleSlugs];
  for (const route of publicGets) {
    const label = routeLabel(route);
    const sample = samples.get(label)!;
    calls.push({ label, url: sample.url });
    // Each hidden record's slug and id, and visible slugs, in the slug's place (the rest as sampled).
    const index = route.url.split('/').indexOf(':slug');
    if (index >= 0)
      for (const key of opened) {
        const parts = sample.url.split('/');
        parts[index] = encodeURIComponent(String(key));
        calls.push({ label, url: parts.join('/') });
      }
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const query = (document.paths[path]?.get?.parameters ?? []).filter((param) => param.in === 'query');
    const base = sample.url.includes('?') ? `${sample.url}&` : `${sample.url}?`;
    for (const param of query) {
      if (param.name === 'q') for (const { word } of hidden) calls.push({ label, url: `${base}q=${word}` });
      if (filterParams.has(param.name))
        for (const key of keys) calls.push({ label, url: `${base}${param.name}=${encodeURIComponent(key)}` });
    }
  }
  // Every metric by every dimension, as the report preview and the home page read them.
  for (const metric of metricNames)
    for (const dimension of metricDimensions[metric])
      calls.push({
        label: 'GET /api/reports/preview/',
        url: `/api/reports/preview/?metric=${metric}&dimension=${dimension}`,
      });
  return calls;
}

describe('public answers', () => {
  it('hold no draft, inactive or archived record on any public GET route', { timeout: 180_000 }, async () => {
    const calls = sweepCalls();
    const routes = new Set(calls.map((call) => call.label));
    // The sweep reaches every public read of the route table.
    expect([...routes].sort()).toEqual(publicGets.map(routeLabel).sort());
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining([
        `/api/notifications/?q=${wordOf('notification', 'draft')}`,
        `/api/restrictions/?q=${wordOf('restriction', 'inactive')}`,
        `/api/restrictions/?policy=${wordOf('policy', 'archived')}`,
        `/api/notifications/${wordOf('notification', 'draft')}/`,
        '/api/restrictions/visible-measure-tz/',
      ]),
    );
    const visitor = ctx.client();
    const leaks: string[] = [];
    const errors: string[] = [];
    await inPool(calls, 4, async ({ label, url }) => {
      const response = await visitor.request({ url });
      if (response.statusCode >= 500) errors.push(`${url}: ${response.statusCode}`);
      const body = recordsOf(label, response.body).toLowerCase();
      for (const { word } of hidden)
        if (body.includes(word) && !allowed(label, url, word)) leaks.push(`${label} ${url}: ${word}`);
    });
    expect(errors).toEqual([]);
    expect(leaks).toEqual([]);
  });

  it('open an archived restriction with its notice, as the spec asks, and not an inactive one', async () => {
    const visitor = ctx.client();
    const archived = await visitor.request({
      url: `/api/restrictions/${wordOf('restriction', 'archived')}/`,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<{ archived: boolean }>().archived).toBe(true);
    const inactive = await visitor.request({
      url: `/api/restrictions/${wordOf('restriction', 'inactive')}/`,
    });
    expect(inactive.statusCode).toBe(404);
  });

  it('refuse a hidden sector or policy area as a filter, as they refuse an unknown one', async () => {
    const visitor = ctx.client();
    const filtered = [
      '/api/restrictions/?policy=',
      '/api/restrictions/?sector=',
      '/api/restrictions/?category=',
      '/api/restrictions/export/?policy=',
      '/api/restrictions/export/?sector=',
      '/api/commitments/?sector=',
      '/api/reports/preview/?metric=restrictions_by_country&sector=',
    ];
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const url of filtered) {
      const unknown = await visitor.request({ url: `${url}zz-no-such-record` });
      for (const { slug } of hidden.filter((record) => /^hid(sector|policy)/.test(record.word))) {
        if (url.includes('policy') !== slug!.startsWith('hidpolicy')) continue;
        answers[`${url}${slug}`] = (await visitor.request({ url: `${url}${slug}` })).statusCode;
        expected[`${url}${slug}`] = unknown.statusCode;
      }
      expect(unknown.statusCode).toBe(422);
    }
    expect(answers).toEqual(expected);
  });
});

describe('public figures', () => {
  const get = async <T>(url: string): Promise<T> => {
    const response = await ctx.client().request({ url });
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };
  const countOf = async (url: string) => (await get<{ count: number }>(url)).count;

  it("equal what each resource's own public list shows", async () => {
    type Home = {
      figures: Record<string, number>;
      notifications: { slug: string }[];
      sectors: { slug: string }[];
      featured: { title: { en: string }; report: unknown }[];
    };
    const home = await get<Home>('/api/home/');
    type Tree = { total: number; sectors: { slug: string; restriction_count: number }[] };
    const tree = await get<Tree>('/api/sectors/tree/');
    const policyList = await get<{ results: { slug: string }[] }>('/api/policies/');
    const metric = (name: string) =>
      get<{ total: number | null; categories: { key: string }[] }>(`/api/reports/preview/?metric=${name}`);

    expect({
      notifications_this_year: home.figures.notifications_this_year,
      restrictions_in_force: home.figures.restrictions_in_force,
      complaints_resolved: home.figures.complaints_resolved,
      sectors_covered: home.figures.sectors_covered,
    }).toEqual({
      notifications_this_year: await countOf(`/api/notifications/?from=${year}-01-01&page_size=1`),
      restrictions_in_force: await countOf('/api/restrictions/?status=in_force&page_size=1'),
      complaints_resolved: await countOf('/api/complaints/public/?status=resolved&page_size=1'),
      sectors_covered: tree.sectors.filter((sector) => sector.restriction_count > 0).length,
    });
    // Every latest notification of the home page opens.
    const opened = await Promise.all(
      home.notifications.map(async ({ slug }) => [
        slug,
        (await ctx.client().request({ url: `/api/notifications/${slug}/` })).statusCode,
      ]),
    );
    expect(opened).toEqual(home.notifications.map(({ slug }) => [slug, 200]));
    expect(home.notifications.length).toBeGreaterThan(0);
    expect(home.sectors.map((sector) => sector.slug)).toEqual(tree.sectors.map((sector) => sector.slug));
    expect(home.featured.map((item) => [item.title.en, item.report])).toEqual([
      ['Visible insight one', null],
      ['Visible insight two', null],
    ]);

    const browseCount = await countOf('/api/restrictions/?page_size=1');
    expect(browseCount).toBe(3);
    expect(tree.total).toBe(browseCount);
    expect((await metric('restrictions_total')).total).toBe(browseCount);
    // The areas of the public list, then 'Not classified' (restrictions without an area, key '').
    expect((await metric('restrictions_by_policy_area')).categories.map((c) => c.key)).toEqual([
      ...policyList.results.map((policy) => policy.slug),
      '',
    ]);
    const sectorKeys = new Set(tree.sectors.map((sector) => sector.slug));
    expect((await metric('restrictions_by_sector')).categories.filter((c) => !sectorKeys.has(c.key))).toEqual(
      [],
    );
    expect((await metric('complaints_by_status')).total).toBe(
      await countOf('/api/complaints/public/?page_size=1'),
    );
    const commitmentList = await get<{ results: { committed_to_liberalise: boolean }[] }>(
      '/api/commitments/',
    );
    expect((await metric('commitments_by_country')).total).toBe(
      commitmentList.results.filter((c) => c.committed_to_liberalise).length,
    );
  });
});
