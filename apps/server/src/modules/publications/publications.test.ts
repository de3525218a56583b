import type { TPublicationDetail, TPublicationSummary } from '@stp/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publications } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { contentDisposition } from './publications.routes.js';

let ctx: TestContext;
let pdf: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  const doc = await PDFDocument.create();
  doc.addPage();
  pdf = Buffer.from(await doc.save());
  const key = await ctx.storage.put('publications', pdf, 'pdf');
  const base = {
    summaryEn: 'A summary',
    summaryFr: 'Un résumé',
    authors: 'EAC Secretariat',
    fileKey: key,
    fileName: 'Services trade review 2025.pdf',
    fileSize: pdf.length,
  };
  await ctx.db.insert(publications).values([
    {
      ...base,
      slug: 'review-2025',
      titleEn: 'Review 2025',
      titleFr: 'Revue 2025',
      publishedOn: '2025-06-01',
    },
    {
      ...base,
      slug: 'review-2024',
      titleEn: 'Review 2024',
      titleFr: 'Revue 2024',
      publishedOn: '2024-06-01',
      publicationType: 'policy_brief',
    },
    {
      ...base,
      slug: 'guide-2024',
      titleEn: 'Guide 2024',
      titleFr: 'Guide 2024',
      publishedOn: '2024-02-01',
      publicationType: 'guide',
    },
    {
      ...base,
      slug: 'old-review',
      titleEn: 'Old',
      titleFr: 'Ancienne',
      publishedOn: '2020-01-01',
      archived: true,
    },
  ]);
});
afterAll(() => ctx.close());

describe('GET /api/publications/', () => {
  it('lists public publications newest first, without archived ones', async () => {
    const response = await ctx.client().request({ url: '/api/publications/' });
    expect(response.statusCode).toBe(200);
    const body = response.json<TPublicationSummary[]>();
    expect(body.map((p) => p.slug)).toEqual(['review-2025', 'review-2024', 'guide-2024']);
    expect(body[0]).toMatchObject({
      title: { en: 'Review 2025', fr: 'Revue 2025' },
      authors: 'EAC Secretariat',
      type: 'report',
    });
  });

  it('filters by year of publication and by type, alone and together', async () => {
    const slugs = async (query: string) =>
      (await ctx.client().request({ url: `/api/publications/?${query}` }))
        .json<TPublicationSummary[]>()
        .map((p) => p.slug);
    expect(await slugs('year=2024')).toEqual(['review-2024', 'guide-2024']);
    expect(await slugs('type=guide')).toEqual(['guide-2024']);
    expect(await slugs('year=2024&type=policy_brief')).toEqual(['review-2024']);
    expect(await slugs('year=2025&type=guide')).toEqual([]);
    // An empty field of the plain GET form means "any".
    expect(await slugs('year=&type=')).toEqual(['review-2025', 'review-2024', 'guide-2024']);
    // The archived one never shows, whatever the filter.
    expect(await slugs('year=2020')).toEqual([]);
  });

  it('refuses a bad year or type with a 422 naming the field, not a 500', async () => {
    for (const [query, field, message] of [
      ['year=abc', 'year', 'Select a valid year.'],
      ['year=1850', 'year', 'Select a valid year.'],
      ['year=2024.5', 'year', 'Select a valid year.'],
      ['type=novel', 'type', 'Select a valid publication type.'],
    ] as const) {
      const response = await ctx.client().request({ url: `/api/publications/?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({ [field]: message });
    }
  });
});

describe('GET /api/publications/{slug}/', () => {
  it('answers the metadata and the file addresses', async () => {
    const response = await ctx.client().request({ url: '/api/publications/review-2025/' });
    expect(response.statusCode).toBe(200);
    expect(response.json<TPublicationDetail>()).toEqual({
      slug: 'review-2025',
      title: { en: 'Review 2025', fr: 'Revue 2025' },
      summary: { en: 'A summary', fr: 'Un résumé' },
      authors: 'EAC Secretariat',
      published_on: '2025-06-01',
      type: 'report',
      file_name: 'Services trade review 2025.pdf',
      file_size: pdf.length,
      content_type: 'application/pdf',
      file_url: '/api/publications/review-2025/file/',
      download_url: '/api/publications/review-2025/file/?download=1',
    });
  });

  it('answers 404 for unknown and archived publications, 422 for a bad slug', async () => {
    expect((await ctx.client().request({ url: '/api/publications/nope/' })).statusCode).toBe(404);
    expect((await ctx.client().request({ url: '/api/publications/old-review/' })).statusCode).toBe(404);
    expect((await ctx.client().request({ url: '/api/publications/old-review/file/' })).statusCode).toBe(404);
    expect((await ctx.client().request({ url: '/api/publications/bad%20slug!/' })).statusCode).toBe(422);
  });
});

/** A Content-Security-Policy header as directive -> value. */
function pdfPolicy(header: unknown): Record<string, string> {
  return Object.fromEntries(
    (typeof header === 'string' ? header : '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('GET /api/publications/{slug}/file/', () => {
  it('serves the PDF inline in a sandbox, frameable by the portal itself', async () => {
    const response = await ctx.client().request({ url: '/api/publications/review-2025/file/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(Number(response.headers['content-length'])).toBe(pdf.length);
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Services trade review 2025.pdf"; filename*=UTF-8''Services%20trade%20review%202025.pdf`,
    );
    // Whatever the file holds, it runs no script with the portal's origin (a unique origin, no
    // requests, no forms); Chromium's PDF viewer still shows it (checked in Chromium 156, top level and framed).
    expect(pdfPolicy(response.headers['content-security-policy'])).toEqual({
      sandbox: '',
      'default-src': "'none'",
      'style-src': "'unsafe-inline'",
      'frame-ancestors': "'self'",
    });
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers an attachment with ?download=1 and refuses other values', async () => {
    const response = await ctx.client().request({ url: '/api/publications/review-2025/file/?download=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Services trade review 2025\.pdf"/,
    );
    expect(pdfPolicy(response.headers['content-security-policy'])).toMatchObject({ sandbox: '' });
    const bad = await ctx.client().request({ url: '/api/publications/review-2025/file/?download=yes' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['download']);
  });

  it('keeps non-ASCII names safe in the header', () => {
    expect(contentDisposition('attachment', 'Révision "finale".pdf')).toBe(
      `attachment; filename="R_vision _finale_.pdf"; filename*=UTF-8''R%C3%A9vision%20%22finale%22.pdf`,
    );
  });
});
