import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app.js';
import type { Transaction } from '../../db/client.js';
import type { ComplaintRow } from '../complaints/complaints.service.js';
import { createComplaint } from '../complaints/complaints.service.js';

export type ComplaintDeps = Pick<AppDeps, 'db' | 'storage' | 'outbox' | 'config'>;

export interface SmsComplaintInput {
  countryCode: string;
  applicantId: number | null;
  phone: string;
  briefDescription: string;
  details: string;
  dateOfOccurrence: string;
}

// An SMS says nothing of the kind of barrier: staff reclassify it during the review.
const smsRestrictionType = 'other';

/** Lodges a complaint that came by SMS through the complaints service (reference, first stage, mails). */
export async function lodgeSmsComplaint(
  deps: ComplaintDeps,
  input: SmsComplaintInput,
  options: {
    log?: FastifyBaseLogger;
    inTransaction?: (tx: Transaction, created: ComplaintRow) => Promise<void>;
  } = {},
) {
  return createComplaint(
    deps,
    {
      channel: 'sms',
      applicantId: input.applicantId,
      smsPhone: input.phone,
      form: {
        restriction_type: smsRestrictionType,
        details_of_occurrence: input.details,
        date_of_occurrence: input.dateOfOccurrence,
        country_code: input.countryCode,
        brief_description: input.briefDescription,
      },
    },
    options,
  );
}
