import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { TtlCache } from '../modules/restrictions/restriction-cache.js';
import type { VisitorPreferences } from './visitor-preferences.js';

/** A page the web app's server entry rendered (apps/web/src/entry-server.tsx). */
export interface RenderedPage {
  status: number;
  html: string;
  styles: string;
  title: string;
  description: string;
  /** The page's Atom feed: a path on this site and the title of its alternate link (seo.ts). */
  feed?: { href: string; title: string };
  /** The hydration state, serialised for a JSON script element (escaped against `</script>`). */
  state: string;
}

/** What the web app's server entry exports. */
interface ServerEntry {
  render(options: {
    url: string;
    locale: VisitorPreferences['locale'];
    theme: VisitorPreferences['theme'];
    timeZone: string;
    fetch: typeof fetch;
  }): Promise<RenderedPage | null>;
}

/** How long a visitor's rendered page is reused for the same address, language, theme and time zone. */
const cacheSeconds = 10;

/**
 * Renders under way at once in a process. A render holds the event loop for tens to hundreds of
 * milliseconds of CPU per pass; past this many, a visitor gets the page the browser renders alone (what
 * every visitor got before server rendering), so a flood of distinct addresses costs the head start,
 * not every other request's answer.
 */
export const maxConcurrentRenders = 2;

/** A render refused because enough are under way (not an error: the browser renders that page). */
class RendererBusy extends Error {}

/**
 * Renders public pages with the web app's server entry (docs/decisions.md, "Server rendering"). The
 * pages of visitors are the same for everyone with the same address, language, theme and time zone, so
 * each is kept for a few seconds (and dropped with the catalogue's caches on a write to restrictions).
 */
export class PageRenderer {
  private entry: Promise<ServerEntry | null> | null = null;
  // At most 200 pages of about 50–200 KB of text each.
  private readonly cache = new TtlCache<RenderedPage | null>(cacheSeconds * 1000, 200);
  private rendering = 0;
  private closing = false;

  constructor(
    private readonly entryPath: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The server entry, loaded once; null when the web app's server build is missing. */
  private load(): Promise<ServerEntry | null> {
    this.entry ??= (async () => {
      if (!/\.tsx?$/.test(this.entryPath) && !existsSync(this.entryPath)) {
        this.log.warn(
          { entry: this.entryPath },
          'The web app has no server build: public pages are rendered by the browser only (run npm run build).',
        );
        return null;
      }
      return (await import(this.entryPath)) as ServerEntry;
    })();
    return this.entry;
  }

  /** From now on a failed render is the server stopping, not an error (its reads are refused). */
  stopping(): void {
    this.closing = true;
  }

  /** The page at `url` for a visitor with these preferences; null when the browser should render it alone. */
  async render(
    url: string,
    visitor: VisitorPreferences,
    apiFetch: typeof fetch,
  ): Promise<RenderedPage | null> {
    const entry = await this.load();
    if (!entry) return null;
    const key = `${visitor.locale} ${visitor.theme} ${visitor.timeZone} ${url}`;
    try {
      return await this.cache.get(key, async () => {
        if (this.rendering >= maxConcurrentRenders) throw new RendererBusy();
        this.rendering += 1;
        try {
          return await entry.render({ ...visitor, url, fetch: apiFetch });
        } finally {
          this.rendering -= 1;
        }
      });
    } catch (error) {
      if (error instanceof RendererBusy) return null;
      // A stop refuses the render's in-process reads: the page is the browser's, and nothing failed.
      if (this.closing) return null;
      // The browser renders the page as before (a failure is not kept): it costs the visitor the head
      // start only.
      this.log.error({ err: error, url }, 'Server rendering failed; the browser renders the page.');
      return null;
    }
  }
}
