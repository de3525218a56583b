import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageRenderProvider, usePageFeed, type PageHead, type PageRender } from './page-render.js';

function Screen({ href }: { href: string }) {
  usePageFeed({ href, title: 'Changes (Atom)' });
  return <p>screen</p>;
}

const feedLinks = () =>
  [...document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('usePageFeed', () => {
  it("reports the screen's feed to the server's render", () => {
    const head: PageHead = { status: 200, wanted: new Set() };
    const page: PageRender = {
      theme: 'light',
      timeZone: 'UTC',
      reads: {},
      head,
      report: (found) => Object.assign(head, found),
    };
    renderToString(
      <PageRenderProvider value={page}>
        <Screen href="/api/feeds/restrictions/?country=KE&lang=en" />
      </PageRenderProvider>,
    );
    expect(head.feed).toEqual({
      href: '/api/feeds/restrictions/?country=KE&lang=en',
      title: 'Changes (Atom)',
    });
  });

  it("takes over the server's link in the browser, follows the filters and leaves with the screen", async () => {
    const server = document.createElement('link');
    server.rel = 'alternate';
    server.type = 'application/atom+xml';
    server.href = 'http://portal.test/api/feeds/restrictions/?country=KE&lang=en';
    document.head.append(server);
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Screen href="/api/feeds/restrictions/?country=KE&lang=en" />));
    expect(feedLinks()).toEqual(['/api/feeds/restrictions/?country=KE&lang=en']);
    expect(document.head.querySelector('link[type="application/atom+xml"]')?.getAttribute('title')).toBe(
      'Changes (Atom)',
    );
    await act(async () => root.render(<Screen href="/api/feeds/restrictions/?country=UG&lang=en" />));
    expect(feedLinks()).toEqual(['/api/feeds/restrictions/?country=UG&lang=en']);
    await act(async () => root.unmount());
    expect(feedLinks()).toEqual([]);
  });
});
