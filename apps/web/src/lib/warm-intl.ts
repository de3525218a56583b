/**
 * Chromium loads ICU's locale data the first time a page builds an Intl formatter: 75–185 ms at
 * Lighthouse's 4× CPU slowdown, in one piece, inside whichever task asks first. Left alone, that is a
 * long task in the middle of the first screen's render (the home page's month names, the restriction
 * view's indicator, MUI's TablePagination, which builds an en-US number format when its module loads).
 * main.tsx calls this in a task of its own as the app starts, while the first screen's chunks and data
 * are still on the network, so the screens find the data loaded. Later formatters cost 1–5 ms each.
 */
export function warmIntl(): void {
  try {
    new Intl.NumberFormat('en-GB').format(1);
    new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(0);
  } catch {
    // A browser without Intl formats through its fallbacks; nothing to prepare.
  }
}
