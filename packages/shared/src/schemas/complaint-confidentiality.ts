import { z } from 'zod';
import { maxRecordId } from './fields.js';

// Issue 34 item 5 (docs/complaint-confidentiality.md): the applicant may withhold their identity from
// reviewers outside their own country, and redact personal data in their own text before review starts.

/** API paths of the applicant's confidentiality actions, relative to the `/api/` prefix. */
export const confidentialityApiPaths = {
  /** PUT `{ identity_withheld }`: the applicant asks (or stops asking) that their identity be withheld. */
  confidentiality: (slug: string) => `/complaints/${encodeURIComponent(slug)}/confidentiality/`,
  /** POST `{ version, passages }`: the applicant redacts passages of their own text (before review starts). */
  redact: (slug: string) => `/complaints/${encodeURIComponent(slug)}/redact/`,
} as const;

/** What every screen, list, export, audit view and mail shows in place of a withheld applicant. */
export const identityWithheldLabel = "Identity withheld at the applicant's request";
export const identityWithheldLabelFr = 'Identité non communiquée à la demande du plaignant';

/** What a redacted passage becomes. */
export const redactedMark = '[redacted]';

export const redactionClosed = 'Review of this complaint has started: its text can no longer be redacted.';
export const passagesInvalid = 'Select passages inside the text that do not overlap.';
export const redactionTooLong = 'The brief description would be longer than 300 characters once redacted.';

/** A yes/no field of a form or JSON body (multipart values arrive as text). */
export const ZYesNoSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], {
    error: 'Must be true or false.',
  })
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** The applicant's choice on a lodged complaint. */
export const ZComplaintConfidentialitySchema = z.object({ identity_withheld: ZYesNoSchema });
export type TComplaintConfidentiality = z.infer<typeof ZComplaintConfidentialitySchema>;

/** The fields of the applicant's text a passage may be redacted in. */
export const redactableFields = ['brief_description', 'details_of_occurrence'] as const;
export type TRedactableField = (typeof redactableFields)[number];

const offset = z
  .number({ error: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(0, 'Enter a whole number.')
  .max(5000, passagesInvalid);

/** One passage: `start` and `end` are offsets in the field's text (UTF-16 code units, `end` excluded). */
export const ZRedactionPassageSchema = z
  .object({
    field: z.enum(redactableFields, { error: 'Select a valid field.' }),
    start: offset,
    end: offset,
  })
  .refine((value) => value.start < value.end, passagesInvalid);

/** A redaction: the version the applicant saw and the passages to replace by `[redacted]`. */
export const ZComplaintRedactionSchema = z
  .object({
    version: z
      .number({ error: 'This field is required.' })
      .int()
      .positive()
      .max(maxRecordId, 'Select a valid choice.'),
    passages: z
      .array(ZRedactionPassageSchema, { error: passagesInvalid })
      .min(1, 'Select at least one passage to redact.')
      .max(50, 'Redact at most 50 passages at a time.'),
  })
  .superRefine((value, ctx) => {
    // Overlapping passages would make the result depend on their order: refused.
    for (const field of redactableFields) {
      const spans = value.passages
        .filter((passage) => passage.field === field)
        .sort((a, b) => a.start - b.start);
      for (let i = 1; i < spans.length; i++) {
        if (spans[i]!.start < spans[i - 1]!.end) {
          ctx.addIssue({ code: 'custom', path: ['passages'], message: passagesInvalid });
          return;
        }
      }
    }
  });
export type TComplaintRedaction = z.infer<typeof ZComplaintRedactionSchema>;
