import { readFileSync } from 'node:fs';
import path from 'node:path';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const missingBuild = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Services Trade Portal</title></head>
<body><div id="root"></div><p>The web app has not been built yet: run <code>npm run build</code>.</p></body></html>`;

/**
 * The web app's index.html with the initial csrf value and token written into the root element (spec 7),
 * and preload links for the first screen's API reads (preloads.ts).
 */
export class HostPage {
  private readonly template: string;

  constructor(webDistDir: string) {
    try {
      this.template = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
    } catch {
      this.template = missingBuild;
    }
  }

  render(initial: { csrf: string; token: string | null }, preloads: string[] = []): string {
    const attributes = `id="root" data-csrf="${escapeAttribute(initial.csrf)}" data-token="${escapeAttribute(initial.token ?? '')}"`;
    const links = preloads
      .map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`)
      .join('');
    return this.template.replace('</head>', `${links}</head>`).replace(/id="root"/, attributes);
  }
}
