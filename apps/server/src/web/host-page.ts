import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RenderedPage } from './page-renderer.js';
import type { Preloads } from './preloads.js';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built page's meta description (index.html), which a rendered page replaces with its own. */
const descriptionTag = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/** The id of the script element holding a server-rendered page's hydration state (apps/web/src/ssr/render-state.ts). */
export const renderStateId = 'stp-render-state';

/** A page the server rendered, with what goes in its head. */
export interface ServerRenderedPage {
  rendered: RenderedPage;
  /** `en-GB` or `fr`, as the web app writes it. */
  lang: string;
  /** Canonical address, hreflang alternates, Open Graph (seo.ts). */
  headTags: string;
}

const missingBuild = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Services Trade Portal</title></head>
<body><div id="root"></div><p>The web app has not been built yet: run <code>npm run build</code>.</p></body></html>`;

/** The part of Vite's build manifest (`.vite/manifest.json`) the host page reads: each chunk's file and imports. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

function readManifest(webDistDir: string): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** What the host page hands the web app: the csrf value, a signed-in user's token and their saved theme. */
export interface HostPageState {
  csrf: string;
  token: string | null;
  /** The signed-in account's theme (spec 3 darkMode), so the first paint uses it before the profile arrives. */
  theme?: 'light' | 'dark' | null;
}

/**
 * The web app's index.html with the initial csrf value and token written into the root element (spec 7),
 * and preload links for the first screen (preloads.ts): its API reads, and its script chunks as the build
 * manifest lists them.
 */
export class HostPage {
  private readonly template: string;
  private readonly manifest: Manifest;
  private readonly chunkLinks = new Map<string, string>();

  constructor(webDistDir: string) {
    try {
      this.template = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
    } catch {
      this.template = missingBuild;
    }
    this.manifest = readManifest(webDistDir);
  }

  /**
   * A screen module's chunk and every chunk it imports statically, under the static path, without the
   * entry (the page's own script): what the app's lazy route would load after the entry has run.
   */
  private screenChunks(screen: string): string[] {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(screen);
    return [...files].map((file) => `/static/${file}`);
  }

  render(
    initial: HostPageState,
    preloads: Preloads = noPreloads,
    page: ServerRenderedPage | null = null,
  ): string {
    const theme = initial.theme ? ` data-theme="${initial.theme}"` : '';
    const attributes = `id="root" data-csrf="${escapeAttribute(initial.csrf)}" data-token="${escapeAttribute(initial.token ?? '')}"${theme}`;
    const links =
      preloads.fetches
        .map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`)
        .join('') + (preloads.screen ? this.chunkLinksOf(preloads.screen) : '');
    if (!page) return this.template.replace('</head>', `${links}</head>`).replace(/id="root"/, attributes);
    const { rendered } = page;
    // The record's title and description replace the built page's; the critical CSS and the head tags
    // go in the head; the app's HTML into the root element, the hydration state after it. Replacements
    // are functions: a record's text with `$&` in it is text, not a replacement pattern.
    const description = `<meta name="description" content="${escapeAttribute(rendered.description)}">`;
    const hasDescription = descriptionTag.test(this.template);
    const root = `<div ${attributes}>${rendered.html}</div><script type="application/json" id="${renderStateId}">${rendered.state}</script>`;
    return this.template
      .replace(/<html\b[^>]*>/, () => `<html lang="${page.lang}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(rendered.title)}</title>`)
      .replace(descriptionTag, () => description)
      .replace(
        '</head>',
        () => `${hasDescription ? '' : description}${page.headTags}${rendered.styles}${links}</head>`,
      )
      .replace(/<div id="root"><\/div>/, () => root);
  }

  private chunkLinksOf(screen: string): string {
    let links = this.chunkLinks.get(screen);
    if (links === undefined) {
      links = this.screenChunks(screen)
        .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
        .join('');
      this.chunkLinks.set(screen, links);
    }
    return links;
  }
}

const noPreloads: Preloads = { fetches: [], screen: null };
