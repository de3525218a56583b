import { languageParameter } from '@stp/shared';
import { isSupportedLocale, switchLocale, visitorLocaleKey } from '../i18n/index.js';
import { visitorThemeKey } from '../session/preferences.js';
import { whenHydrated } from './hydration.js';
import { readCookie, rememberInCookie } from './visitor-cookies.js';

const stored = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * Copies a visitor's choices kept in local storage into the cookies the server renders with (choices made
 * before the cookies existed), and their browser's time zone.
 */
export function rememberVisitorCookies(): void {
  const locale = stored(visitorLocaleKey);
  if (locale && readCookie('locale') !== locale) rememberInCookie('locale', locale);
  const theme = stored(visitorThemeKey);
  if (theme && readCookie('theme') !== theme) rememberInCookie('theme', theme);
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && readCookie('timeZone') !== zone) rememberInCookie('timeZone', zone);
  } catch {
    // No time zone known: the server renders date-times in UTC; the app shows them in local time.
  }
}

/**
 * Once hydrated, a visitor whose stored language differs from the page's (rendered before the cookie
 * said so) gets their language, unless the address asked for one (`?lang=`).
 */
export function afterHydration(renderedLocale: string): void {
  const choice = stored(visitorLocaleKey);
  if (!isSupportedLocale(choice) || choice === renderedLocale) return;
  if (new URLSearchParams(window.location.search).has(languageParameter)) return;
  void whenHydrated().then(() => switchLocale(choice));
}
