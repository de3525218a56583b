import type { TSmsHowToCountry } from '@stp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsServices } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.delete(smsServices);
  await ctx.db.insert(smsServices).values([
    {
      countryCode: 'KE',
      isActive: true,
      shortCode: '20547',
      keyword: 'NTB',
      instructionsEn: 'Send NTB to 20547',
      instructionsFr: 'Envoyez NTB au 20547',
    },
    // Inactive: its number and instructions must not leak.
    { countryCode: 'TZ', isActive: false, shortCode: '15455', keyword: 'NTB', instructionsEn: 'secret' },
  ]);
});
afterAll(() => ctx.close());

describe('GET /api/sms-how-to/', () => {
  it('lists every partner state; number, keyword and instructions only for active services', async () => {
    const response = await ctx.client().request({ url: '/api/sms-how-to/' });
    expect(response.statusCode).toBe(200);
    const body = response.json<TSmsHowToCountry[]>();
    expect(body.map((c) => c.country.code).sort()).toEqual(['BI', 'CD', 'KE', 'RW', 'SO', 'SS', 'TZ', 'UG']);
    expect(body.find((c) => c.country.code === 'KE')).toEqual({
      country: { code: 'KE', name: { en: 'Kenya', fr: 'Kenya' } },
      active: true,
      short_code: '20547',
      keyword: 'NTB',
      instructions: { en: 'Send NTB to 20547', fr: 'Envoyez NTB au 20547' },
    });
    const inactive = body.filter((c) => c.country.code !== 'KE');
    for (const country of inactive)
      expect(country).toMatchObject({ active: false, short_code: null, keyword: null, instructions: null });
    expect(response.body).not.toContain('secret');
  });
});
