import { describe, expect, it } from 'vitest';
import { ZFeaturedInsightInputSchema, ZReportInputSchema } from './admin-insights.js';
import { ZNotificationInputSchema } from './admin-notifications.js';

const report = { title_en: 'A', title_fr: 'A', display_type: 'bar' };
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('admin insights schemas', () => {
  it('drops blank params fields, so an empty filter means no filter', () => {
    const parsed = ZReportInputSchema.parse({
      ...report,
      params: {
        metric: 'restrictions_total',
        dimension: '',
        filters: { country: '', year_from: '' },
        url: '',
      },
    });
    expect(parsed.params).toEqual({ metric: 'restrictions_total' });
    expect(parsed).toMatchObject({ index: 0, display_height: 360, tag_ids: [], featured: false });
  });

  it('checks params by the display type: the metrics whitelist, or an https embed', () => {
    expect(issues(ZReportInputSchema.safeParse({ ...report, params: { metric: 'x' } }))).toEqual({
      'params.metric': 'Select a valid metric.',
    });
    const embed = { ...report, display_type: 'embed', params: { url: 'http://example.org' } };
    expect(issues(ZReportInputSchema.safeParse(embed))).toEqual({
      'params.url': 'Enter an https:// address.',
    });
    const ok = { ...embed, params: { url: 'https://example.org', metric: 'restrictions_total' } };
    expect(ZReportInputSchema.safeParse(ok).success).toBe(true);
  });

  it('needs a report or a link for a featured insight, and a real day', () => {
    const insight = { title_en: 'A', title_fr: 'A', published_on: '2026-02-29' };
    expect(issues(ZFeaturedInsightInputSchema.safeParse(insight))).toEqual({
      published_on: 'Enter a valid date (YYYY-MM-DD).',
      report_id: 'Choose a report or enter a link.',
    });
    const parsed = ZFeaturedInsightInputSchema.parse({
      ...insight,
      published_on: '2028-02-29',
      report_id: '7',
    });
    expect(parsed).toMatchObject({ report_id: 7, link_url: '' });
  });

  it('reads a notification form: blank links are none, the country upper-cased', () => {
    const parsed = ZNotificationInputSchema.parse({
      reference: ' R/1 ',
      status: 'notified',
      country_code: 'ke',
      sector_id: '',
      indicator_id: '3',
      notification_date: '2026-04-10',
      description_of_measure: 'M',
    });
    expect(parsed).toMatchObject({ reference: 'R/1', country_code: 'KE', sector_id: null, indicator_id: 3 });
  });
});
