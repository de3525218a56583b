import { metricDimensions, metricNames } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitments,
  complaints,
  featuredInsights,
  indicators,
  notifications,
  pages,
  pageTemplates,
  policies,
  publications,
  reports,
  sectors,
  smsServices,
} from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { inPool, routeCalls, routeLabel } from '../test/route-calls.js';
import { firstPolicy, insertRestriction, sectorByCode } from './restrictions/test-support.js';

/**
 * Issue 29, item 1: unpublished content is never public. Each public resource gets a draft (an
 * unpublished or inactive record) and an archived one, each carrying a word of its own; every public
 * GET route of the route table is then called (its sample call, each hidden record's slug and id in its
 * path, each word as its search and each hidden slug as its filters) and no answer may hold any of the
 * words. The figures must equal what the resources' own public lists count. The rules themselves:
 * apps/server/src/db/public-visibility.ts (docs/content.md).
 */

interface Hidden {
  /** The word only this record carries (in its slug, title or text). */
  word: string;
  slug?: string;
  id?: number | string;
}

let ctx: TestContext;
const hidden: Hidden[] = [];
/** Slugs of visible records, also opened: their answers name related records (commitments, reports). */
const visibleSlugs = [
  'visible-measure-ke',
  'visible-measure-tz',
  'visible-measure-ug',
  'visible-notification',
  'visible-publication',
  'visible-page',
  'visible-indicator',
  'visible-report',
];
const year = new Date().getUTCFullYear();
const today = new Date().toISOString().slice(0, 10);

/** A record of the given resource and state: its word, which is also its slug. */
const wordOf = (resource: string, state: 'draft' | 'archived' | 'inactive') => `hid${resource}${state}`;
const archivedFlags = { archived: true, archivedAt: new Date() };

async function seedHiddenRecords() {
  const db = ctx.db;
  const business = await sectorByCode(db, '1');
  const policy = await firstPolicy(db);
  visibleSlugs.push(business.slug);

  // Sectors and policy areas: an inactive and an archived one each, no restriction in them.
  for (const [state, flags] of [
    ['inactive', { active: false }],
    ['archived', archivedFlags],
  ] as const) {
    const word = wordOf('sector', state);
    const [sector] = await db
      .insert(sectors)
      .values({ level: 1, code: word, slug: word, nameEn: `${word} services`, nameFr: word, ...flags })
      .returning({ id: sectors.id });
    hidden.push({ word, slug: word, id: sector!.id });
    const policyWord = wordOf('policy', state);
    const [area] = await db
      .insert(policies)
      .values({ slug: policyWord, nameEn: `${policyWord} area`, nameFr: policyWord, ...flags })
      .returning({ id: policies.id });
    hidden.push({ word: policyWord, slug: policyWord, id: area!.id });
  }

  // Restrictions: visible ones in three partner states (their commitments: visible, inactive, archived).
  await insertRestriction(db, {
    slug: 'visible-measure-ke',
    title: 'Visible measure in Kenya',
    policyId: policy.id,
    status: 'in_force',
  });
  await insertRestriction(db, { slug: 'visible-measure-tz', title: 'Visible measure', countryCode: 'TZ' });
  await insertRestriction(db, { slug: 'visible-measure-ug', title: 'Visible measure', countryCode: 'UG' });
  await db.insert(commitments).values([
    { countryCode: 'KE', sectorId: business.id, committedToLiberalise: true, details: 'Visible commitment' },
    {
      countryCode: 'TZ',
      sectorId: business.id,
      committedToLiberalise: true,
      details: wordOf('commitment', 'inactive'),
      active: false,
    },
    {
      countryCode: 'UG',
      sectorId: business.id,
      committedToLiberalise: true,
      details: wordOf('commitment', 'archived'),
      ...archivedFlags,
    },
  ]);
  hidden.push({ word: wordOf('commitment', 'inactive') }, { word: wordOf('commitment', 'archived') });
  for (const [state, flags] of [
    ['inactive', { active: false }],
    ['archived', archivedFlags],
  ] as const) {
    const word = wordOf('restriction', state);
    const row = await insertRestriction(db, {
      slug: word,
      title: `${word} measure`,
      textOfMeasure: `The ${word} text.`,
      status: 'in_force',
      ...flags,
    });
    hidden.push({ word, slug: word, id: row.id });
  }

  // Notifications of this year: one published, a draft, an archived and an inactive one.
  const notification = (word: string, values: Partial<typeof notifications.$inferInsert>) => ({
    slug: word,
    reference: word.toUpperCase(),
    countryCode: 'RW',
    status: 'notified',
    notificationDate: today,
    descriptionOfMeasure: `The ${word} measure.`,
    ...values,
  });
  await db
    .insert(notifications)
    .values([
      notification('visible-notification', {}),
      notification(wordOf('notification', 'draft'), { status: 'draft' }),
      notification(wordOf('notification', 'archived'), archivedFlags),
      notification(wordOf('notification', 'inactive'), { active: false }),
    ]);
  for (const state of ['draft', 'archived', 'inactive'] as const)
    hidden.push({ word: wordOf('notification', state), slug: wordOf('notification', state) });

  // Publications (their files in the store: the visible one's opens).
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const publication = async (word: string, values: Partial<typeof publications.$inferInsert>) => ({
    slug: word,
    titleEn: `${word} report`,
    titleFr: word,
    publishedOn: today,
    fileKey: await ctx.storage.put('publications', pdf, 'pdf'),
    fileName: `${word}.pdf`,
    fileSize: pdf.length,
    ...values,
  });
  await db
    .insert(publications)
    .values([
      await publication('visible-publication', {}),
      await publication(wordOf('publication', 'inactive'), { active: false }),
      await publication(wordOf('publication', 'archived'), archivedFlags),
    ]);
  hidden.push(
    { word: wordOf('publication', 'inactive'), slug: wordOf('publication', 'inactive') },
    { word: wordOf('publication', 'archived'), slug: wordOf('publication', 'archived') },
  );

  // Content pages: a draft and an archived page of a published template; a published page of a draft
  // template and of an archived one.
  const template = (word: string, values: Partial<typeof pageTemplates.$inferInsert>) => ({
    title: word,
    status: 'published',
    contentEn: `<p>${word} content</p>`,
    contentFr: `<p>${word}</p>`,
    ...values,
  });
  const [published, draftTemplate, archivedTemplate] = await db
    .insert(pageTemplates)
    .values([
      template('visible-template', {}),
      template(wordOf('template', 'draft'), { status: 'draft' }),
      template(wordOf('template', 'archived'), archivedFlags),
    ])
    .returning({ id: pageTemplates.id });
  const page = (word: string, templateId: number, values: Partial<typeof pages.$inferInsert>) => ({
    slug: word,
    titleEn: `${word} page`,
    titleFr: word,
    templateId,
    status: 'published',
    showInMenu: true,
    ...values,
  });
  await db
    .insert(pages)
    .values([
      page('visible-page', published!.id, {}),
      page(wordOf('page', 'draft'), published!.id, { status: 'draft' }),
      page(wordOf('page', 'archived'), published!.id, archivedFlags),
      page(wordOf('templatepage', 'draft'), draftTemplate!.id, {}),
      page(wordOf('templatepage', 'archived'), archivedTemplate!.id, {}),
    ]);
  for (const word of [
    wordOf('page', 'draft'),
    wordOf('page', 'archived'),
    wordOf('templatepage', 'draft'),
    wordOf('templatepage', 'archived'),
  ])
    hidden.push({ word, slug: word });
  hidden.push({ word: wordOf('template', 'draft') }, { word: wordOf('template', 'archived') });

  // Indicators and reports (featured ones), and featured insights of the home page.
  const insight = (word: string, values: Partial<typeof indicators.$inferInsert>) => ({
    slug: word,
    titleEn: `${word} figure`,
    titleFr: word,
    metric: 'restrictions_by_country',
    ...values,
  });
  await db
    .insert(indicators)
    .values([
      insight('visible-indicator', {}),
      insight(wordOf('indicator', 'inactive'), { active: false }),
      insight(wordOf('indicator', 'archived'), archivedFlags),
    ]);
  const report = (word: string, values: Partial<typeof reports.$inferInsert>) => ({
    slug: word,
    titleEn: `${word} chart`,
    titleFr: word,
    displayType: 'bar',
    featured: true,
    params: { metric: 'restrictions_by_country' },
    ...values,
  });
  const [, inactiveReport, archivedReport] = await db
    .insert(reports)
    .values([
      report('visible-report', {}),
      report(wordOf('report', 'inactive'), { active: false }),
      report(wordOf('report', 'archived'), archivedFlags),
    ])
    .returning({ id: reports.id });
  for (const resource of ['indicator', 'report'])
    for (const state of ['inactive', 'archived'] as const)
      hidden.push({ word: wordOf(resource, state), slug: wordOf(resource, state) });
  const featured = (title: string, values: Partial<typeof featuredInsights.$inferInsert>) => ({
    titleEn: title,
    titleFr: title,
    publishedOn: today,
    ...values,
  });
  await db.insert(featuredInsights).values([
    // Visible insights showing a hidden report: the insight stays, the report does not.
    featured('Visible insight one', { reportId: inactiveReport!.id }),
    featured('Visible insight two', { reportId: archivedReport!.id }),
    featured(wordOf('featured', 'inactive'), { active: false }),
    featured(wordOf('featured', 'archived'), archivedFlags),
  ]);
  hidden.push({ word: wordOf('featured', 'inactive') }, { word: wordOf('featured', 'archived') });

  // Complaints (resolved ones, so the home figure would count them) and an SMS service not active.
  const complaint = (word: string, values: Partial<typeof complaints.$inferInsert>) => ({
    reference: word.toUpperCase(),
    restrictionType: 'licensing',
    detailsOfOccurrence: 'Details.',
    dateOfOccurrence: '2025-01-01',
    countryCode: 'KE',
    briefDescription: `The ${word} complaint`,
    status: 'resolved',
    ...values,
  });
  await db
    .insert(complaints)
    .values([
      complaint('visible-complaint', {}),
      complaint(wordOf('complaint', 'inactive'), { active: false }),
      complaint(wordOf('complaint', 'archived'), archivedFlags),
    ]);
  hidden.push({ word: wordOf('complaint', 'inactive') }, { word: wordOf('complaint', 'archived') });
  await db.insert(smsServices).values({
    countryCode: 'BI',
    isActive: false,
    shortCode: '15015',
    keyword: wordOf('smsservice', 'inactive'),
    instructionsEn: wordOf('smsservice', 'inactive'),
    instructionsFr: wordOf('smsservice', 'inactive'),
  });
  hidden.push({ word: wordOf('smsservice', 'inactive') });
}

/** The one answer a hidden record may open, by the spec: a restriction's view shows archived ones. */
const allowed = (label: string, url: string) =>
  label === 'GET /api/restrictions/:slug/' && new RegExp(`/${wordOf('restriction', 'archived')}/$`).test(url);

/** Query parameters that name a sector or a policy area: a hidden one must be refused like an unknown one. */
const filterParams = new Set(['category', 'sector', 'sub_sector', 'specific_service', 'policy']);

type OpenApi = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
};

let publicGets: { method: string; url: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  await seedHiddenRecords();
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
      const body = response.body.toLowerCase();
      for (const { word } of hidden)
        if (body.includes(word) && !allowed(label, url)) leaks.push(`${label} ${url}: ${word}`);
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
