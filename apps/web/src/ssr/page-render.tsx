import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '../theme/theme.js';
import { useHydrated } from './hydration.js';

/** What the server learns from rendering a page: its status and the head the record gives it. */
export interface PageHead {
  status: number;
  title?: string;
  description?: string;
  /** The page's Atom feed (its `<link rel="alternate">`): an address on this site and its title. */
  feed?: PageFeed;
  /** API paths read without TanStack Query (usePageRead) that the render asked for and did not have. */
  wanted: Set<string>;
}

/** A page's Atom feed: the address (a path on this site) and the title of its alternate link. */
export interface PageFeed {
  href: string;
  title: string;
}

/**
 * A server-rendered page's render: the theme, language and time zone it was rendered with (the
 * hydrating render must use the same), and the answers of the reads made without TanStack Query (the
 * home page's). On the server it also carries the head the render collects.
 */
export interface PageRender {
  theme: ThemeMode;
  timeZone: string;
  reads: Record<string, unknown>;
  /** The status of each read in `reads` the API refused (its value there is null); 0 when it did not answer. */
  readErrors?: Record<string, number>;
  head?: PageHead;
  /** On the server: what the render says about the page (its status, title and description). */
  report?: (found: Partial<Pick<PageHead, 'status' | 'title' | 'description' | 'feed'>>) => void;
}

const PageRenderContext = createContext<PageRender | null>(null);
export const PageRenderProvider = PageRenderContext.Provider;

/** The theme the page was rendered with, while rendering on the server or hydrating; null otherwise. */
export function useRenderedTheme(): ThemeMode | null {
  const page = useContext(PageRenderContext);
  const hydrated = useHydrated();
  return page && !hydrated ? page.theme : null;
}

const noSubscription = () => () => undefined;

let browserZone: string | null | undefined;
/** The browser's time zone, once asked. */
function browserTimeZone(): string | null {
  if (browserZone === undefined) {
    try {
      browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      browserZone = null;
    }
  }
  return browserZone;
}

/**
 * The time zone of date-times: the page's while rendering on the server or hydrating; once hydrated the
 * browser's (undefined), named as the page's when they are the same zone, so that a hydrated screen is
 * not rendered a second time for nothing (a long task on a phone; issue 30).
 */
export function useRenderTimeZone(): string | undefined {
  const page = useContext(PageRenderContext);
  return useSyncExternalStore(
    noSubscription,
    () => (page && page.timeZone === browserTimeZone() ? page.timeZone : undefined),
    () => page?.timeZone,
  );
}

/** In the browser: whether the page's reads still describe the screen on display (until a navigation). */
let readsCurrent = true;

/** The browser has left the address the page was rendered for: screens opened now read as usual. */
export function endPageReads(): void {
  readsCurrent = false;
}

/**
 * The server's answer to a GET of the API made without TanStack Query, when the page was rendered with it
 * and is being rendered or hydrated now; on the server, asking for one the render lacks makes the server
 * read it and render again. Undefined in a client render: the screen reads as usual.
 */
export function usePageRead<T>(path: string): T | undefined {
  const page = useContext(PageRenderContext);
  // Taken when the component first renders and kept (its `path` stays the same): a hydrated screen keeps
  // the answer it hydrated with instead of rendering again without it (a long task on a phone; issue 30),
  // and a screen opened by navigating reads as usual.
  const [read] = useState<T | undefined>(() => {
    if (!page || !(page.head || readsCurrent)) return undefined;
    if (path in page.reads) return page.reads[path] as T;
    page.head?.wanted.add(path);
    return undefined;
  });
  return read;
}

/** A read's answer in a server-rendered page: its body, or the status of the API's refusal (0: no answer). */
export type PageAnswer = { value: unknown } | { status: number };

/**
 * The server's answer to a read of the API (a path with its query string; `readKey` of api/use-api-read.ts)
 * for screens whose reads follow their address: asked at every render rather than kept, as the screen's
 * own store keeps it (usePageRead keeps the first). On the server a missing one is asked for, as with
 * usePageRead; in the browser, answers only until the first navigation. Null `key`: no read.
 */
export function usePageAnswer(key: string | null): { answer?: PageAnswer; onServer: boolean } {
  const page = useContext(PageRenderContext);
  const onServer = Boolean(page?.head);
  if (key === null || !page || !(onServer || readsCurrent)) return { onServer };
  if (!(key in page.reads)) {
    page.head?.wanted.add(key);
    return { onServer };
  }
  const status = page.readErrors?.[key];
  return { answer: status === undefined ? { value: page.reads[key] } : { status }, onServer };
}

/**
 * The page's title (`<record> | <app>`) and meta description from the record on screen: written into the
 * server's HTML, and set as the document's title in the browser.
 */
export function usePageHead(title: string | undefined, description?: string): void {
  const { t } = useTranslation();
  const page = useContext(PageRenderContext);
  const full = title ? `${title} | ${t('app.name')}` : undefined;
  // A render on the server collects the head; nothing here touches the document.
  if (full) page?.report?.(description ? { title: full, description } : { title: full });
  useEffect(() => {
    if (full) document.title = full;
  }, [full]);
}

const feedLink = 'link[rel="alternate"][type="application/atom+xml"]';

/**
 * The screen's Atom feed as the page's `<link rel="alternate" type="application/atom+xml">`: written into
 * the server's head, and kept by the browser (taken over from the server's, updated as the filters
 * change, removed when the screen goes).
 */
export function usePageFeed(feed: PageFeed): void {
  const page = useContext(PageRenderContext);
  page?.report?.({ feed });
  const { href, title } = feed;
  useEffect(() => {
    const link = document.head.querySelector<HTMLLinkElement>(feedLink) ?? document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.title = title;
    link.href = href;
    if (!link.isConnected) document.head.append(link);
    return () => link.remove();
  }, [href, title]);
}

/** A screen's HTTP status when it is not 200 (a record that does not exist: 404): the server answers with it. */
export function usePageStatus(status: number | undefined): void {
  const page = useContext(PageRenderContext);
  if (status) page?.report?.({ status });
}

/** A text shortened for a meta description: its first 160 characters or so, cut at a word. */
export function excerpt(text: string, length = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).trimEnd()}…`;
}
