import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, smsServices } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let editor: TestClient;
let viewer: TestClient;

const kenya = {
  is_active: true,
  short_code: '20547',
  keyword: ' ntb2 ',
  instructions_en: 'Send NTB2 and a description to 20547.',
  instructions_fr: 'Envoyez NTB2 et une description au 20547.',
  activated_on: '2019-07-01',
};

const signIn = (permissions: string[]) => ctx.signedIn(permissions);

const put = (client: TestClient, country: string, payload: object) =>
  client.request({ method: 'PUT', url: `/api/sms-services/${country}/`, payload });

beforeAll(async () => {
  ctx = await createTestContext();
  editor = await signIn(['core.view_smsservice', 'core.change_smsservice']);
  viewer = await signIn(['core.view_smsservice']);
});
afterAll(() => ctx.close());

describe('GET /api/sms-services/', () => {
  it('lists every partner state, with inactive defaults where no service exists', async () => {
    const response = await viewer.request({ url: '/api/sms-services/' });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ country: string; is_active: boolean; keyword: string }[]>();
    expect(list.map((item) => item.country).sort()).toEqual(['BI', 'CD', 'KE', 'RW', 'SO', 'SS', 'TZ', 'UG']);
    expect(list.find((item) => item.country === 'KE')).toMatchObject({
      is_active: false,
      keyword: '',
      short_code: '',
      activated_on: null,
      updated_at: null,
      country_name: { en: 'Kenya', fr: 'Kenya' },
    });
  });

  it('answers 401 to a visitor and 403 without the view permission', async () => {
    expect((await ctx.client().request({ url: '/api/sms-services/' })).statusCode).toBe(401);
    const client = await signIn([]);
    expect((await client.request({ url: '/api/sms-services/' })).statusCode).toBe(403);
  });
});

describe('PUT /api/sms-services/{country}/', () => {
  it('creates a service with the keyword upper-cased, then updates it, each with an audit row', async () => {
    const created = await put(editor, 'ke', kenya);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ country: 'KE', keyword: 'NTB2', is_active: true });
    const updated = await put(editor, 'KE', { ...kenya, keyword: 'barrier', activated_on: '' });
    expect(updated.json()).toMatchObject({ keyword: 'BARRIER', activated_on: '2019-07-01' });
    const [row] = await ctx.db.select().from(smsServices).where(eq(smsServices.countryCode, 'KE'));
    expect(row).toMatchObject({ keyword: 'BARRIER', shortCode: '20547', isActive: true });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.model, 'core.smsservice'), eq(auditLog.objectId, 'KE')))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['add', 'change']);
    expect(audit[1]?.before).toMatchObject({ keyword: 'NTB2' });
    expect(audit[1]?.after).toMatchObject({ keyword: 'BARRIER' });
  });

  it('dates a service switched on without an activation date today, and lets an inactive one stay empty', async () => {
    const activated = await put(editor, 'RW', { ...kenya, short_code: '4040', activated_on: null });
    expect(activated.json().activated_on).toBe(new Date().toISOString().slice(0, 10));
    const inactive = await put(editor, 'SO', { is_active: false });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json()).toMatchObject({ is_active: false, keyword: '', activated_on: null });
  });

  it('answers 422 with field messages and changes nothing', async () => {
    const cases: [object, Record<string, string>][] = [
      [
        { is_active: true },
        {
          short_code: 'This field is required when the service is active.',
          keyword: 'This field is required when the service is active.',
          instructions_en: 'This field is required when the service is active.',
          instructions_fr: 'This field is required when the service is active.',
        },
      ],
      [{ ...kenya, keyword: 'two words' }, { keyword: 'Use 2 to 20 letters or digits, with no spaces.' }],
      [{ ...kenya, keyword: 'status' }, { keyword: 'STATUS is reserved for status requests.' }],
      [
        { ...kenya, short_code: '12ab' },
        { short_code: 'Enter a short code or phone number: 3 to 15 digits, with an optional leading +.' },
      ],
      [{ ...kenya, activated_on: '2020-13-45' }, { activated_on: 'Enter a valid date (YYYY-MM-DD).' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await put(editor, 'TZ', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail: 'Please attend to the errors highlighted on the form.',
        errors,
      });
    }
    expect(await ctx.db.select().from(smsServices).where(eq(smsServices.countryCode, 'TZ'))).toEqual([]);
  });

  it('refuses a keyword another state already uses on the same short code, allows it on another', async () => {
    await put(editor, 'UG', { ...kenya, short_code: '8228', keyword: 'SHARED' });
    const clash = await put(editor, 'BI', { ...kenya, short_code: '8228', keyword: 'shared' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({
      keyword: 'This keyword is already used by another country with the same short code.',
    });
    expect((await put(editor, 'BI', { ...kenya, short_code: '8080', keyword: 'SHARED' })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for a country that is not a partner state', async () => {
    expect((await put(editor, 'FR', kenya)).statusCode).toBe(404);
  });

  it('needs the change permission and a CSRF value', async () => {
    expect((await put(viewer, 'CD', kenya)).statusCode).toBe(403);
    const noCsrf = await editor.request({
      method: 'PUT',
      url: '/api/sms-services/CD/',
      payload: kenya,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await ctx.db.select().from(smsServices).where(eq(smsServices.countryCode, 'CD'))).toEqual([]);
  });
});
