import { z } from 'zod';

/** A required text field: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** An optional text field: trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`).optional();

/**
 * A French translation of a text field (`title_fr` beside `title`): trimmed, at most `max` characters;
 * empty or null means "not translated" and is stored as null (docs/decisions.md, "Bilingual content").
 */
export const optionalTranslation = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const nameMessage = 'Enter a name without line breaks, web addresses or e-mail addresses.';

// Names reach mails (the greeting of every mail): a line break there passes for the mail's own lines,
// and an address turns into a link. "J. R.", "N'Gog" and "St. Clair" stay valid; "evil.example",
// "www.x", "a@b.example", "https://" and HTML tags do not.
const lineBreakOrControl = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const addressLike = /:\/\/|[<>]|[\p{L}\p{N}_-][.\u3002\uff0e\uff61](?=[\p{L}\p{N}-]{2})(?=[\p{N}-]*\p{L})/iu;

/** True when a text holds no line break, control character or address that a mail could show as a link. */
export const isPlainName = (value: string) => !lineBreakOrControl.test(value) && !addressLike.test(value);

/** A required person's name: as `requiredText`, and plain (see `isPlainName`). */
export const requiredName = (max: number) => requiredText(max).refine(isPlainName, nameMessage);

/** An optional person's name: as `optionalText`, and plain (see `isPlainName`). */
export const optionalName = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine(isPlainName, nameMessage)
    .optional();

/** The largest value of a PostgreSQL integer column: record ids (and versions) never pass it. */
export const maxRecordId = 2_147_483_647;

/** A reference to a record by its id in a JSON body: a whole number from 1 to `maxRecordId`. */
export const recordReference = (message = 'Select a valid choice.') =>
  z.number().int().positive(message).max(maxRecordId, message);

/** The page size every list answers with unless asked otherwise, and the most it answers. */
export const defaultPageSize = 20;
export const maxPageSize = 100;

/**
 * The query every paginated list accepts: `page` (from 1), `page_size`, `sort` (a column name, `-` in
 * front for descending; each list names the columns it sorts by) and `q` (a free-text search).
 * Query-string values arrive as text, hence the coercion.
 */
export const ZListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Select a valid page.').default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, 'Select a valid page size.')
    .max(maxPageSize, `Ensure the page size is at most ${maxPageSize}.`)
    .default(defaultPageSize),
  sort: z.string().trim().max(64).optional(),
  q: z.string().trim().max(200, 'Ensure the search has no more than 200 characters.').optional(),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;

/** One page of a list, as every paginated list answers. */
export interface Paginated<T> {
  count: number;
  page: number;
  page_size: number;
  results: T[];
}
