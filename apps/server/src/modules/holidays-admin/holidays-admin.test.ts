// Issue 31 item 3: the holiday table (staff edit it through the admin path) and working-day deadlines,
// whose due dates move when a holiday in their span is added, moved or removed.
import type { THolidayAdminItem } from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaints } from '../../db/schema/index.js';
import { partnerStateHolidays } from '../../db/seed/data/public-holidays.js';
import { addWorkingDays, isWorkingDay, utcDate } from '../../lib/working-days.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipart, roles, signIn, validForm } from '../complaints/complaints.fixtures.js';
import { holidayDates } from '../complaints/stage-due.js';

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let admin: Account;
let applicant: Account;
let secretariat: Account;
let regulatorKe: Account;

const dayMs = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signIn(ctx, roles.superuser());
  applicant = await signIn(ctx, roles.client());
  secretariat = await signIn(ctx, roles.regional());
  regulatorKe = await signIn(ctx, roles.regulator('KE'));
});
afterAll(() => ctx?.close());

async function lodge(country = 'KE') {
  const response = await applicant.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(validForm({ country_code: country })),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { slug } = response.json<{ slug: string }>();
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
  return row!;
}

const dueOf = async (id: number) =>
  (await ctx.db.select().from(complaints).where(eq(complaints.id, id)))[0]!.stageDueAt!;

const holiday = (body: Record<string, unknown>) =>
  admin.client.request({ method: 'POST', url: '/api/admin/holidays/', payload: body });

// Generous limits: a loaded 2-core machine (what is asserted does not depend on time).
describe('the holiday table', { timeout: 180_000 }, () => {
  it('is seeded with the partner states’ holidays and lists them by country and year', async () => {
    const response = await secretariat.client.request({
      url: '/api/admin/holidays/?country=KE&year=2027&page_size=100',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ count: number; results: THolidayAdminItem[] }>();
    const expected = partnerStateHolidays().filter(
      (seed) => seed.country === 'KE' && seed.date.startsWith('2027'),
    );
    expect(body.count).toBe(expected.length);
    expect(body.results.map((item) => item.date)).toEqual(expected.map((seed) => seed.date).sort());
    expect(body.results.find((item) => item.date === '2027-12-12')).toMatchObject({
      country_code: 'KE',
      country: { en: 'Kenya', fr: 'Kenya' },
      name_en: 'Jamhuri Day',
    });
    for (const country of ['BI', 'CD', 'KE', 'RW', 'SO', 'SS', 'TZ', 'UG'])
      expect((await holidayDates(ctx.db, country)).has('2026-01-01')).toBe(true);
  });

  it('refuses bad input with 422 and changes nothing; only holders of the permission may write', async () => {
    const base = { country_code: 'KE', date: '2031-03-02', name_en: 'Test day', name_fr: 'Jour de test' };
    expect((await holiday({ ...base, country_code: 'FR' })).json().errors).toEqual({
      country_code: 'Select a partner state.',
    });
    expect((await holiday({ ...base, date: '2031-02-30' })).statusCode).toBe(422);
    expect((await holiday({ ...base, name_fr: ' ' })).statusCode).toBe(422);
    const duplicate = await holiday({ ...base, date: '2026-12-25' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({
      date: 'This partner state already has a holiday on this date.',
    });
    const refused = await regulatorKe.client.request({
      method: 'POST',
      url: '/api/admin/holidays/',
      payload: base,
    });
    expect(refused.statusCode).toBe(403);
    expect((await holidayDates(ctx.db, 'KE')).has('2031-03-02')).toBe(false);
    // The secretariat's group keeps the table.
    const added = await secretariat.client.request({
      method: 'POST',
      url: '/api/admin/holidays/',
      payload: base,
    });
    expect(added.statusCode, added.body).toBe(201);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.model, 'complaints.publicholiday'), eq(auditLog.action, 'add')));
    expect(audits).toHaveLength(1);
  });
});

describe('working-day deadlines', { timeout: 180_000 }, () => {
  it('count working days when the stage says so, and move when a holiday in the span changes', async () => {
    const stages = await admin.client.request({
      method: 'PUT',
      url: '/api/manage/complaints/stages/',
      payload: { stages: [{ stage: 'regulator', deadline_days: 5, deadline_unit: 'working' }] },
    });
    expect(stages.statusCode, stages.body).toBe(200);
    expect(stages.json().results[0]).toMatchObject({
      stage: 'regulator',
      deadline_days: 5,
      deadline_unit: 'working',
    });

    const row = await lodge('KE');
    const start = row.stageStartedAt!;
    const kenya = await holidayDates(ctx.db, 'KE');
    const due = addWorkingDays(start, 5, kenya);
    expect(row.stageDeadlineUnit).toBe('working');
    expect(row.stageDueAt).toEqual(due);

    // A new holiday on the first working day of the span: the due date moves one working day later.
    let firstWorking = new Date(start.getTime() + dayMs);
    while (!isWorkingDay(firstWorking, kenya)) firstWorking = new Date(firstWorking.getTime() + dayMs);
    const added = await holiday({
      country_code: 'KE',
      date: utcDate(firstWorking),
      name_en: 'Declared holiday',
      name_fr: 'Jour férié décrété',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<THolidayAdminItem>().id;
    const later = addWorkingDays(start, 5, new Set([...kenya, utcDate(firstWorking)]));
    expect(later.getTime()).toBeGreaterThan(due.getTime());
    expect(await dueOf(row.id)).toEqual(later);

    // Another country's holiday changes nothing here.
    const tanzania = await holiday({
      country_code: 'TZ',
      date: utcDate(due),
      name_en: 'TZ day',
      name_fr: 'Jour TZ',
    });
    expect(tanzania.statusCode).toBe(201);
    expect(await dueOf(row.id)).toEqual(later);

    // Moved past the due date: the due date comes back; removed: unchanged.
    const moved = await admin.client.request({
      method: 'PUT',
      url: `/api/admin/holidays/${id}/`,
      payload: {
        country_code: 'KE',
        date: utcDate(new Date(later.getTime() + 30 * dayMs)),
        name_en: 'Declared holiday',
        name_fr: 'Jour férié décrété',
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await dueOf(row.id)).toEqual(due);
    const back = await admin.client.request({
      method: 'PUT',
      url: `/api/admin/holidays/${id}/`,
      payload: {
        country_code: 'KE',
        date: utcDate(firstWorking),
        name_en: 'Declared holiday',
        name_fr: 'Jour férié décrété',
      },
    });
    expect(back.statusCode).toBe(200);
    expect(await dueOf(row.id)).toEqual(later);
    const removed = await admin.client.request({ method: 'DELETE', url: `/api/admin/holidays/${id}/` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await dueOf(row.id)).toEqual(due);

    // The regional stage counts the secretariat host's (Tanzania's) holidays.
    const regional = await admin.client.request({
      method: 'PUT',
      url: '/api/manage/complaints/stages/',
      payload: { stages: [{ stage: 'regional', deadline_days: 3, deadline_unit: 'working' }] },
    });
    expect(regional.statusCode).toBe(200);
    const forwarded = await admin.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row.id}/review/`,
      payload: {
        decision: 'forward',
        comments: '',
        version: (await ctx.db.select().from(complaints).where(eq(complaints.id, row.id)))[0]!.version,
      },
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    const [atRegional] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(atRegional!.stageDueAt).toEqual(
      addWorkingDays(atRegional!.stageStartedAt!, 3, await holidayDates(ctx.db, 'TZ')),
    );
  });
});
