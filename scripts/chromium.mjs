// Debian's Chromium for the scripts that drive it (Lighthouse, the first-load trace): where it is and how it
// starts here (no sandbox as root, no GPU, no background traffic). The browser suite has its own launcher
// (e2e/support/browser.ts), through Playwright.

/** The Chromium binary: CHROMIUM_PATH, else Debian's package. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium's command-line flags on this machine. */
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
