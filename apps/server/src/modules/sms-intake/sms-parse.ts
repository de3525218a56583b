/** What an inbound text asks for: a status request, or a first word (a keyword) and the rest. */
export type ParsedSms =
  | { kind: 'empty' }
  | { kind: 'status'; reference: string }
  | { kind: 'keyword'; keyword: string; body: string };

/** Splits "<KEYWORD> <text>" / "STATUS <reference>"; the first word is compared upper-cased. */
export function parseSms(text: string): ParsedSms {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return { kind: 'empty' };
  const space = clean.indexOf(' ');
  const first = (space === -1 ? clean : clean.slice(0, space)).replace(/[^\p{L}\p{N}]+$/u, '').toUpperCase();
  const body = space === -1 ? '' : clean.slice(space + 1).trim();
  if (first === 'STATUS') return { kind: 'status', reference: (body.split(' ')[0] ?? '').toUpperCase() };
  return { kind: 'keyword', keyword: first, body };
}

/** The first 120 characters, cut at a word where one is near, for the brief description. */
export function briefOf(body: string, max = 120): string {
  if (body.length <= max) return body;
  const cut = body.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max - 30 ? cut.slice(0, lastSpace) : cut).trim();
}

/**
 * The gateway's `date` ("2026-11-21 07:30:00", or ISO 8601) as a Date; a missing, unreadable or
 * future date (a phone with a wrong clock) becomes the time of receipt.
 */
export function messageDate(raw: string | undefined, now = new Date()): Date {
  if (!raw) return now;
  const iso = raw.trim().replace(' ', 'T');
  const withZone = /[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`;
  const parsed = new Date(withZone);
  if (Number.isNaN(parsed.getTime()) || parsed.getTime() > now.getTime() + 60_000) return now;
  return parsed;
}
