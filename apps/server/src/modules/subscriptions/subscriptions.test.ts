// Issue 34 item 1: e-mail alerts. Subscribe (signed in, or a visitor with a double opt-in), confirm,
// one-click unsubscribe (RFC 8058), a change mailed once however often the job runs, digests in French.
import type { ParsedMail } from 'mailparser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restrictionAccess, restrictions, subscriptions } from '../../db/schema/index.js';
import { createAccount, testPassword } from '../../test/factories.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { sectorByCode } from '../restrictions/test-support.js';
import { deliverAlerts, type AlertDeps } from './subscription-delivery.js';

let ctx: TestContext;
let deps: AlertDeps;
let staff: TestClient;
let restriction: { id: number; slug: string; version: number };
let adminBody: Record<string, unknown>;

const adminPath = '/api/admin/restrictions/';
const permissions = ['add', 'change', 'delete', 'view'].map((action) => `restrictions.${action}_restriction`);

beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.db, outbox: ctx.app.deps.outbox, config: ctx.config, log: ctx.app.log };
  const account = await createAccount(ctx.db, { staff: true, permissions });
  await ctx.db.insert(restrictionAccess).values({ userId: account.id, countryCode: 'KE', canEdit: true });
  staff = ctx.client();
  await staff.login(account.email, testPassword);
  const sector = await sectorByCode(ctx.db, '1');
  adminBody = {
    title: 'Foreign surveyors need a local partner',
    country: 'KE',
    sector: sector.id,
    restriction_type: 'joint_venture',
    market_access: 'yes',
    modes_of_supply: ['mode_3'],
    year_introduced: 2015,
    text_of_measure: 'Survey Act, section 9.',
    // The content has French: the French digest shows it.
    title_fr: 'Les géomètres étrangers ont besoin d’un partenaire local',
  };
  const created = await staff.request({ method: 'POST', url: adminPath, payload: adminBody });
  expect(created.statusCode, created.body).toBe(201);
  restriction = created.json();
});
afterAll(() => ctx?.close());

/** Changes the followed restriction's status as staff (a new version). */
async function changeStatus(status: string) {
  const [row] = await ctx.db.select().from(restrictions).where(eq(restrictions.id, restriction.id));
  const response = await staff.request({
    method: 'PUT',
    url: `${adminPath}${restriction.id}/`,
    payload: { ...adminBody, status, version: row!.version },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const mailsTo = (address: string) =>
  ctx.mail.messages.filter((mail) => JSON.stringify(mail.to).includes(address));
const linkIn = (mail: ParsedMail, path: string) => {
  const found = new RegExp(`https?://[^\\s]*${path}\\?s=\\d+&t=[\\w-]+[^\\s]*`).exec(mail.text ?? '');
  expect(found, mail.text).not.toBeNull();
  return new URL(found![0]);
};

async function subscribeVisitor(email: string, lang: 'en' | 'fr', client = ctx.client()) {
  await client.openHostPage();
  const response = await client.request({
    method: 'POST',
    url: '/api/subscriptions/',
    payload: { kind: 'restriction', restriction: restriction.slug, frequency: 'immediate', lang, email },
  });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await ctx.mail.waitFor(email, 15_000);
  return { response, mail, link: linkIn(mail, '/public/subscriptions/confirm') };
}

async function confirm(link: URL) {
  const client = ctx.client();
  await client.openHostPage();
  return client.request({
    method: 'POST',
    url: '/api/subscriptions/confirm/',
    payload: { s: link.searchParams.get('s'), t: link.searchParams.get('t') },
  });
}

describe('e-mail alerts', () => {
  let oneClick: URL;

  it('a visitor subscribes, is mailed a confirmation link, and gets nothing before confirming', async () => {
    const email = 'visitor-one@example.org';
    const { response, mail, link } = await subscribeVisitor(email, 'en');
    expect(response.json()).toMatchObject({ confirmed: false });
    expect(mail.subject).toBe('Confirm your alert');
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    // Only hashes are stored.
    expect(row!.confirmTokenHash).not.toContain(link.searchParams.get('t'));
    await changeStatus('amended');
    expect(await deliverAlerts(deps, 'immediate')).toBe(0);
    await ctx.outboxIdle();
    expect(mailsTo(email)).toHaveLength(1);

    const wrong = await confirm(new URL(`${link.origin}${link.pathname}?s=${row!.id}&t=${'x'.repeat(43)}`));
    expect(wrong.statusCode).toBe(404);
    const [still] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(still!.confirmedAt).toBeNull();
    expect((await confirm(link)).statusCode).toBe(200);
    expect((await confirm(link)).statusCode).toBe(404);
  });

  it('a change is mailed once with old → new, even when the job runs twice, with RFC 8058 headers', async () => {
    const email = 'visitor-one@example.org';
    await changeStatus('removed');
    const first = await deliverAlerts(deps, 'immediate');
    const second = await deliverAlerts(deps, 'immediate');
    expect(first + second).toBeLessThanOrEqual(1);
    await ctx.outboxIdle();
    const alerts = mailsTo(email).filter((mail) => mail.subject !== 'Confirm your alert');
    expect(alerts).toHaveLength(1);
    const alert = alerts[0]!;
    expect(alert.subject).toBe('Alert: 1 change');
    expect(alert.text).toContain('Changed: Foreign surveyors need a local partner');
    expect(alert.text).toContain('Status: Amended → Removed');
    // The change before the confirmation is not in it.
    expect(alert.text).not.toContain('In force → Amended');
    const source = ctx.mail.source(alert);
    expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(source);
    expect(header, source).not.toBeNull();
    oneClick = new URL(header![1]!);
    expect(oneClick.pathname).toBe('/api/subscriptions/unsubscribe/');
  });

  it('one POST to the List-Unsubscribe address unsubscribes, without a cookie or a CSRF token', async () => {
    const email = 'visitor-one@example.org';
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}?s=${oneClick.searchParams.get('s')}&t=${'y'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(tampered.statusCode).toBe(404);
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.email, email))).toHaveLength(1);
    const page = await ctx.app.inject({ method: 'GET', url: `${oneClick.pathname}${oneClick.search}` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toMatch(/^\/public\/subscriptions\/unsubscribe\?s=\d+&t=/);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.email, email))).toHaveLength(0);
    const before = mailsTo(email).length;
    await changeStatus('in_force');
    await deliverAlerts(deps, 'immediate');
    await ctx.outboxIdle();
    expect(mailsTo(email)).toHaveLength(before);
  });

  it('a French subscriber gets a French digest: the French title, labels and values', async () => {
    const email = 'abonne@example.org';
    const { mail, link } = await subscribeVisitor(email, 'fr');
    expect(mail.subject).toBe('Confirmez votre alerte');
    expect(link.searchParams.get('lang')).toBe('fr');
    expect((await confirm(link)).statusCode).toBe(200);
    await ctx.db.update(subscriptions).set({ frequency: 'daily' }).where(eq(subscriptions.email, email));
    await changeStatus('amended');
    expect(await deliverAlerts(deps, 'daily')).toBe(1);
    await ctx.outboxIdle();
    const digest = mailsTo(email).find((one) => one.subject !== 'Confirmez votre alerte')!;
    expect(digest.subject).toBe('Récapitulatif quotidien\u202f: 1 modification');
    expect(digest.text).toContain('Modifiée\u202f: Les géomètres étrangers ont besoin d’un partenaire local');
    expect(digest.text).toContain('En vigueur → Modifiée');
    expect(digest.text).toContain('lang=fr');
  });

  it('a signed-in user follows a browse filter at once, lists, changes and stops it; no one else can', async () => {
    const user = await ctx.signedIn([], { staff: false });
    const other = await ctx.signedIn([], { staff: false });
    const follow = await user.request({
      method: 'POST',
      url: '/api/subscriptions/',
      payload: { kind: 'browse', filter: { country: 'KE', mode_of_supply: 'mode_3' }, frequency: 'weekly' },
    });
    expect(follow.statusCode, follow.body).toBe(201);
    expect(follow.json()).toMatchObject({ confirmed: true });
    const list = await user.request({ url: '/api/subscriptions/' });
    expect(list.json()).toEqual([
      expect.objectContaining({
        kind: 'browse',
        frequency: 'weekly',
        confirmed: true,
        label: expect.stringContaining('Kenya'),
      }),
    ]);
    const id = follow.json<{ id: number }>().id;
    await changeStatus('removed');
    expect(await deliverAlerts(deps, 'weekly')).toBe(1);
    const notMine = await other.request({ method: 'DELETE', url: `/api/subscriptions/${id}/` });
    expect(notMine.statusCode).toBe(404);
    const changed = await user.request({
      method: 'PATCH',
      url: `/api/subscriptions/${id}/`,
      payload: { frequency: 'daily' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await user.request({ method: 'DELETE', url: `/api/subscriptions/${id}/` })).statusCode).toBe(200);
    expect((await user.request({ url: '/api/subscriptions/' })).json()).toEqual([]);
  });

  it('refuses bad requests with a 4xx and stores nothing', async () => {
    const client = ctx.client();
    await client.openHostPage();
    const count = async () => (await ctx.db.select().from(subscriptions)).length;
    const before = await count();
    const bad = [
      { kind: 'restriction', restriction: 'no-such-restriction', email: 'a@example.org' },
      { kind: 'notifications', country: 'ZZ', email: 'a@example.org' },
      { kind: 'browse', filter: { country: 'K1' }, email: 'a@example.org' },
      { kind: 'browse', filter: { sector: 'no-such-sector' }, email: 'a@example.org' },
      { kind: 'everything', email: 'a@example.org' },
      { kind: 'notifications', country: 'KE', frequency: 'hourly', email: 'a@example.org' },
      { kind: 'notifications', country: 'KE' },
      { kind: 'notifications', country: 'KE', email: 'not an address' },
    ];
    for (const payload of bad) {
      const response = await client.request({ method: 'POST', url: '/api/subscriptions/', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await client.request({ url: '/api/subscriptions/' })).statusCode).toBe(401);
    expect((await client.request({ url: '/api/subscriptions/?s=1&t=short' })).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('limits confirmation mails per address, whoever asks', async () => {
    const email = 'third-party@example.org';
    const codes: number[] = [];
    for (const country of ['KE', 'UG', 'TZ', 'RW']) {
      const client = ctx.client();
      await client.openHostPage();
      const response = await client.request({
        method: 'POST',
        url: '/api/subscriptions/',
        payload: { kind: 'notifications', country, email },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429]);
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.email, email))).toHaveLength(3);
  });
});
