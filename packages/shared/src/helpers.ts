/** Spec 9 slug: lowercase, strip non-word characters, join words with hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** Spec 9 query-string builder: drops empty values (null, undefined, '', empty arrays) and URL-encodes the rest. */
export function buildQueryString(params: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined || item === '') continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return parts.join('&');
}

/** Spec 9 title case: each word's first letter upper case, the rest lower case. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s_-])(\p{L})/gu, (_match, sep: string, letter: string) => sep + letter.toUpperCase());
}

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec 9 random string of letters and digits, from the platform's cryptographic generator. */
export function randomString(length = 16): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  // 248 is the largest multiple of 62 below 256: rejecting above it keeps the letters uniform.
  let out = '';
  while (out.length < length) {
    for (const byte of bytes) {
      if (byte < 248 && out.length < length) out += alphanumeric[byte % 62];
    }
    globalThis.crypto.getRandomValues(bytes);
  }
  return out;
}
