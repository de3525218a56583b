// Debian's Chromium for the scripts that drive it (Lighthouse, the first-load trace and profile): where it
// is and how it starts here (no sandbox as root, no GPU, no background traffic). The browser suite has its
// own launcher (e2e/support/browser.ts), through Playwright.

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

/**
 * A page in a fresh browser context (puppeteer) as mobile Lighthouse sees one: the Moto G Power's
 * 412 × 823 viewport and the CPU slowed down `cpu` times. For the first-load trace and profile.
 */
export async function openPhonePage(browser, cpu) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return { context, page };
}
