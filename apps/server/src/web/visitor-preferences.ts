import { defaultLocale, languageParameter, supportedLocales, visitorCookies, type Locale } from '@stp/shared';
import type { FastifyRequest } from 'fastify';

/** How a public page is rendered for a visitor: language, theme and time zone (docs/decisions.md, "Server rendering"). */
export interface VisitorPreferences {
  locale: Locale;
  theme: 'light' | 'dark';
  timeZone: string;
  /** The language came from the address (`?lang=`): the page is that language's own version. */
  localeInUrl: boolean;
}

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);

/**
 * The supported language a browser's `Accept-Language` prefers, by its q-values (the first listed wins
 * a tie); null when it names none of ours. `fr-CA` counts as `fr`, `*` as nothing.
 */
export function acceptedLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0 && isLocale(entry.language))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.language as Locale | undefined) ?? null;
}

/** A time zone name the runtime knows (`Africa/Nairobi`), else UTC. */
function knownTimeZone(value: string | undefined): string {
  if (!value || value.length > 64) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * The language is the address's `?lang=` (the hreflang alternates), else the visitor's stored choice
 * (the cookie the web app writes beside local storage), else what the browser's Accept-Language prefers,
 * else English. The theme is the stored choice, else light. Date-times in the browser's time zone as the
 * web app last reported it, else UTC.
 */
export function visitorPreferences(request: FastifyRequest): VisitorPreferences {
  const query = request.query as Record<string, unknown> | undefined;
  const fromUrl = query?.[languageParameter];
  const cookies = request.cookies ?? {};
  const stored = cookies[visitorCookies.locale];
  const locale: Locale = isLocale(fromUrl)
    ? fromUrl
    : isLocale(stored)
      ? stored
      : (acceptedLocale(request.headers['accept-language']) ?? defaultLocale);
  const theme = cookies[visitorCookies.theme] === 'dark' ? 'dark' : 'light';
  return {
    locale,
    theme,
    timeZone: knownTimeZone(cookies[visitorCookies.timeZone]),
    localeInUrl: isLocale(fromUrl),
  };
}
