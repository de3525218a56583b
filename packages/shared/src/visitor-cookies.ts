/**
 * Cookies the web app writes for a visitor (not signed in) so that the server renders public pages as
 * the visitor will see them: their chosen language and theme (also kept in local storage) and their
 * browser's time zone (date-times). Read by the server only for rendering; never for anything else.
 */
export const visitorCookies = {
  locale: 'stp_locale',
  theme: 'stp_theme',
  timeZone: 'stp_tz',
} as const;

/** The query parameter that picks a public page's language in its address (hreflang alternates). */
export const languageParameter = 'lang';
