import { describe, expect, it } from 'vitest';
import {
  latestTodayIso,
  ZComplaintFormSchema,
  ZManageComplaintListQuerySchema,
  ZReviewActionSchema,
  ZReviewStageDeadlinesSchema,
} from './complaints.js';

const form = {
  restriction_type: 'licensing',
  details_of_occurrence: 'Refused a licence.',
  date_of_occurrence: '2024-05-01',
  country_code: 'ke',
  brief_description: 'Licence refused',
};

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('complaint form schema', () => {
  it('accepts a complete form, upper-cases the country and reads blank optional fields as absent', () => {
    const parsed = ZComplaintFormSchema.parse({ ...form, restriction: '', sector_id: '' });
    expect(parsed).toEqual({ ...form, country_code: 'KE' });
    expect(ZComplaintFormSchema.parse({ ...form, sector_id: '12', restriction: 'ke-licence' })).toMatchObject(
      {
        sector_id: 12,
        restriction: 'ke-licence',
      },
    );
  });

  it.each([
    ['', 'This field is required.'],
    ['01/05/2024', 'Enter a valid date (yyyy-MM-dd).'],
    ['2023-02-29', 'Enter a valid date (yyyy-MM-dd).'],
    ['1899-12-31', 'Enter a date between 1900-01-01 and 2099-12-31.'],
    ['2100-01-01', 'Enter a date between 1900-01-01 and 2099-12-31.'],
    ['2098-01-01', 'The date of occurrence cannot be in the future.'],
  ])('refuses the date %j', (date, message) => {
    const result = ZComplaintFormSchema.safeParse({ ...form, date_of_occurrence: date });
    expect(errorsOf(result).date_of_occurrence).toBe(message);
  });

  it('accepts 1900-01-01 and today anywhere on Earth', () => {
    expect(ZComplaintFormSchema.safeParse({ ...form, date_of_occurrence: '1900-01-01' }).success).toBe(true);
    expect(ZComplaintFormSchema.safeParse({ ...form, date_of_occurrence: latestTodayIso() }).success).toBe(
      true,
    );
    expect(latestTodayIso(new Date('2026-01-01T10:00:00Z'))).toBe('2026-01-02');
  });

  it('names every missing field', () => {
    expect(Object.keys(errorsOf(ZComplaintFormSchema.safeParse({}))).sort()).toEqual([
      'brief_description',
      'country_code',
      'date_of_occurrence',
      'details_of_occurrence',
      'restriction_type',
    ]);
  });
});

describe('review schemas', () => {
  it('needs comments to reject or ask, and a version; a public record to reject', () => {
    expect(errorsOf(ZReviewActionSchema.safeParse({ decision: 'reject', version: 2 }))).toEqual({
      comments: 'This field is required.',
      public_summary:
        "Write the public summary: the public list shows it instead of the applicant's own words.",
      resolution_note: 'Write the resolution note: the public view tells with it how the complaint ended.',
    });
    const record = { public_summary: 'A permit refused.', resolution_note: 'Outside the rules.' };
    expect(
      ZReviewActionSchema.safeParse({ decision: 'reject', comments: 'Out of scope', version: 2, ...record })
        .success,
    ).toBe(true);
    expect(
      errorsOf(ZReviewActionSchema.safeParse({ decision: 'request_info', comments: ' ', version: 2 })),
    ).toEqual({
      comments: 'This field is required.',
    });
    // A forward needs no public record: its fields stay empty.
    expect(ZReviewActionSchema.parse({ decision: 'forward', version: '3' })).toEqual({
      decision: 'forward',
      comments: '',
      public_summary: '',
      resolution_note: '',
      version: 3,
    });
    expect(ZReviewActionSchema.safeParse({ decision: 'approve', version: 1 }).success).toBe(false);
    expect(ZReviewActionSchema.safeParse({ decision: 'resolve' }).success).toBe(false);
  });

  it('accepts each stage once with 1 to 365 days', () => {
    expect(
      ZReviewStageDeadlinesSchema.safeParse({ stages: [{ stage: 'council', deadline_days: 365 }] }).success,
    ).toBe(true);
    expect(
      ZReviewStageDeadlinesSchema.safeParse({ stages: [{ stage: 'council', deadline_days: 0 }] }).success,
    ).toBe(false);
    const twice = ZReviewStageDeadlinesSchema.safeParse({
      stages: [
        { stage: 'council', deadline_days: 3 },
        { stage: 'council', deadline_days: 4 },
      ],
    });
    expect(twice.success).toBe(false);
  });

  it('reads blank list filters as absent and refuses unknown values', () => {
    expect(ZManageComplaintListQuerySchema.parse({ status: '', stage: '', overdue: '' })).toMatchObject({
      page: 1,
      page_size: 20,
    });
    expect(ZManageComplaintListQuerySchema.safeParse({ stage: 'ministry' }).success).toBe(false);
    expect(ZManageComplaintListQuerySchema.safeParse({ date_from: '2024-13-01' }).success).toBe(false);
  });
});
