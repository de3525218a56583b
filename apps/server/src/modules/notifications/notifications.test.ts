import type { Paginated, TNotificationDetail, TNotificationListItem } from '@stp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicators, notifications, sectors } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const [sector] = await ctx.db.select({ id: sectors.id }).from(sectors).limit(1);
  const [indicator] = await ctx.db
    .insert(indicators)
    .values({ slug: 'openness-index', titleEn: 'Openness index', titleFr: "Indice d'ouverture", metric: 'x' })
    .returning({ id: indicators.id });
  const rows = Array.from({ length: 30 }, (_, i) => {
    const country = ['KE', 'TZ', 'UG'][i % 3] as string;
    const year = 2019 + (i % 6);
    const reference = `EAC/NOT/${country}/${year}/${String(i).padStart(3, '0')}`;
    return {
      slug: reference.toLowerCase().replaceAll('/', '-'),
      reference,
      countryCode: country,
      sectorId: sector?.id,
      status: i === 0 ? 'draft' : (['notified', 'in_force', 'withdrawn'][i % 3] as string),
      applicability: 'All foreign service suppliers',
      requirement: i % 2 ? 'A licence from the Engineers Board' : 'Registration with the ministry',
      notificationDate: `${year}-${String((i % 12) + 1).padStart(2, '0')}-15`,
      descriptionOfMeasure:
        i === 7
          ? 'Les ingénieurs étrangers doivent obtenir une autorisation préalable.'
          : `Measure ${i}: foreign engineering firms must partner with a local company.`,
      indicatorId: i % 2 ? indicator?.id : null,
    };
  });
  await ctx.db.insert(notifications).values(rows);
});
afterAll(() => ctx.close());

async function list(query = '') {
  const response = await ctx.client().request({ url: `/api/notifications/${query}` });
  return { status: response.statusCode, body: response.json<Paginated<TNotificationListItem>>() };
}

describe('GET /api/notifications/', () => {
  it('lists published notifications to anyone, newest first, without drafts', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.count).toBe(29);
    expect(body.results).toHaveLength(20);
    expect(body.results.every((n) => n.status !== 'draft')).toBe(true);
    const dates = body.results.map((n) => n.notification_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const [first] = body.results;
    expect(first?.country.name.en).toBeTruthy();
  });

  it('filters by status, country and date range, and pages', async () => {
    const { body } = await list('?status=notified&country=ke&from=2020-01-01&to=2023-12-31&page_size=100');
    expect(body.count).toBe(5);
    for (const row of body.results) {
      expect(row.status).toBe('notified');
      expect(row.country.code).toBe('KE');
      expect(row.notification_date >= '2020-01-01' && row.notification_date <= '2023-12-31').toBe(true);
    }
    const page2 = await list('?page=2&page_size=5&sort=reference');
    expect(page2.body.page).toBe(2);
    expect(page2.body.results).toHaveLength(5);
    const refs = page2.body.results.map((n) => n.reference);
    expect(refs).toEqual([...refs].sort());
  });

  it('searches the description in English and French', async () => {
    const english = await list('?q=licences&page_size=100');
    expect(english.body.count).toBe(15);
    expect(
      english.body.results.every(
        (n) =>
          n.reference.endsWith('1') ||
          n.reference.endsWith('3') ||
          n.reference.endsWith('5') ||
          n.reference.endsWith('7') ||
          n.reference.endsWith('9'),
      ),
    ).toBe(true);
    const french = await list(`?q=${encodeURIComponent('ingénieurs autorisation')}`);
    expect(french.body.results.map((n) => n.reference)).toEqual(['EAC/NOT/TZ/2020/007']);
    const phrase = await list(`?q=${encodeURIComponent('"local company" -engineering')}`);
    expect(phrase.body.count).toBe(0);
    const none = await list('?q=zzzyxxqqq');
    expect(none.body).toMatchObject({ count: 0, results: [] });
  });

  it('hides archived, deleted and inactive notifications', async () => {
    const { body } = await list('?page_size=3');
    const [a, b, c] = body.results;
    await ctx.db.update(notifications).set({ archived: true }).where(eq(notifications.slug, a!.slug));
    await ctx.db.update(notifications).set({ deletedOn: new Date() }).where(eq(notifications.slug, b!.slug));
    await ctx.db.update(notifications).set({ active: false }).where(eq(notifications.slug, c!.slug));
    const after = await list('?page_size=100');
    const slugs = after.body.results.map((n) => n.slug);
    for (const hidden of [a, b, c]) expect(slugs).not.toContain(hidden!.slug);
    const detail = await ctx.client().request({ url: `/api/notifications/${a!.slug}/` });
    expect(detail.statusCode).toBe(404);
  });

  it('refuses bad filters with 422 and a message per field', async () => {
    const response = await ctx.client().request({
      url: '/api/notifications/?status=bogus&country=Kenya&from=2020-13-40&page=0',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string> }>();
    expect(Object.keys(errors).sort()).toEqual(['country', 'from', 'page', 'status']);
    const reversed = await ctx.client().request({ url: '/api/notifications/?from=2024-01-01&to=2023-01-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<{ errors: Record<string, string> }>().errors.to).toBe(
      'The end date must not be before the start date.',
    );
    const sort = await ctx.client().request({ url: '/api/notifications/?sort=password' });
    expect(sort.statusCode).toBe(422);
    expect(Object.keys(sort.json<{ errors: object }>().errors)).toEqual(['sort']);
  });
});

describe('GET /api/notifications/{slug}/', () => {
  it('answers every field of spec 3 with the country, sector and indicator', async () => {
    const [row] = await ctx.db
      .select({ slug: notifications.slug, indicatorId: notifications.indicatorId })
      .from(notifications)
      .innerJoin(indicators, eq(indicators.id, notifications.indicatorId))
      .where(eq(notifications.status, 'in_force'))
      .limit(1);
    const response = await ctx.client().request({ url: `/api/notifications/${row!.slug}/` });
    expect(response.statusCode).toBe(200);
    const body = response.json<TNotificationDetail>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'applicability',
        'country',
        'description_of_measure',
        'description_of_measure_fr',
        'indicator',
        'notification_date',
        'reference',
        'requirement',
        'sector',
        'slug',
        'status',
        'updated_at',
      ].sort(),
    );
    expect(body.indicator?.slug).toBeTruthy();
    expect(body.indicator?.title.en).toBeTruthy();
    expect(body.sector?.name.fr).toBeTruthy();
  });

  it('answers 404 for an unknown slug and for a draft', async () => {
    expect((await ctx.client().request({ url: '/api/notifications/no-such-thing/' })).statusCode).toBe(404);
    const [draft] = await ctx.db
      .select({ slug: notifications.slug })
      .from(notifications)
      .where(eq(notifications.status, 'draft'))
      .limit(1);
    expect((await ctx.client().request({ url: `/api/notifications/${draft!.slug}/` })).statusCode).toBe(404);
  });
});
