import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { complaints } from '../../db/schema/index.js';

export interface SmsComplaintInput {
  countryCode: string;
  applicantId: number | null;
  phone: string;
  briefDescription: string;
  details: string;
  dateOfOccurrence: string;
}

// TEMPORARY until complaints.service.ts's createComplaint lands.
/** Lodges a complaint that came by SMS. */
export async function lodgeSmsComplaint(db: Database, input: SmsComplaintInput) {
  const [row] = await db
    .insert(complaints)
    .values({
      reference: sql`'CMP-' || to_char(now(), 'YYYY') || '-' || lpad((floor(random() * 999999))::text, 6, '0')`,
      applicantId: input.applicantId,
      restrictionType: 'other',
      detailsOfOccurrence: input.details,
      dateOfOccurrence: input.dateOfOccurrence,
      countryCode: input.countryCode,
      briefDescription: input.briefDescription,
      stage: 'regulator',
      source: 'sms',
      smsPhone: input.phone,
    })
    .returning({ id: complaints.id, reference: complaints.reference });
  if (!row) throw new Error('complaint not created');
  return row;
}
