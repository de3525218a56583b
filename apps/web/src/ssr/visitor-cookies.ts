import { visitorCookies } from '@stp/shared';

const oneYear = 365 * 24 * 3600;

/**
 * Keeps a visitor's choice (or their time zone) in a cookie as well as in local storage: the server reads
 * it to render public pages in that language, theme and time zone (docs/decisions.md, "Server rendering").
 */
export function rememberInCookie(name: keyof typeof visitorCookies, value: string): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${visitorCookies[name]}=${encodeURIComponent(value)}; path=/; max-age=${oneYear}; samesite=lax${secure}`;
}

/** The visitor's cookie of that name, or null. */
export function readCookie(name: keyof typeof visitorCookies): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${visitorCookies[name]}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}
