import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { endHydration, startHydration } from './hydration.js';
import {
  endPageReads,
  PageRenderProvider,
  usePageRead,
  useRenderTimeZone,
  type PageRender,
} from './page-render.js';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const otherZone = browserZone === 'Pacific/Chatham' ? 'Africa/Nairobi' : 'Pacific/Chatham';

function Probe({ onRender }: { onRender: (read: string | undefined, zone: string | undefined) => void }) {
  const read = usePageRead<string>('/api/home/');
  const zone = useRenderTimeZone();
  onRender(read, zone);
  return <p>{`${read ?? 'none'} in ${zone ?? 'browser zone'}`}</p>;
}

/** The server's HTML of the probe, then the browser's hydration of it, as main.tsx does. */
async function hydrateProbe(timeZone: string) {
  const page: PageRender = { theme: 'light', timeZone, reads: { '/api/home/': 'home answer' } };
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <PageRenderProvider value={{ ...page, head: { status: 200, wanted: new Set() } }}>
      <Probe onRender={() => undefined} />
    </PageRenderProvider>,
  );
  const renders: [string | undefined, string | undefined][] = [];
  const onRender = vi.fn((read: string | undefined, zone: string | undefined) => renders.push([read, zone]));
  startHydration();
  await act(async () => {
    hydrateRoot(
      container,
      <PageRenderProvider value={page}>
        <Probe onRender={onRender} />
      </PageRenderProvider>,
    );
  });
  // AppFrame's effect ends the hydration once the hydrating render has committed.
  await act(async () => endHydration());
  return { container, renders, page };
}

describe('a server-rendered page hydrating', () => {
  it('renders its screen once: the server’s reads and time zone do not make it render again', async () => {
    const { container, renders } = await hydrateProbe(browserZone);
    // Rendered again after hydration, a whole screen (the home page, a restriction) costs a long task
    // of its own on a phone (issue 30, total blocking time).
    expect(renders).toEqual([['home answer', browserZone]]);
    expect(container.textContent).toBe(`home answer in ${browserZone}`);
  });

  it('shows date-times in the browser’s zone once hydrated when the server used another', async () => {
    const { container, renders } = await hydrateProbe(otherZone);
    expect(renders.at(0)).toEqual(['home answer', otherZone]);
    expect(renders.at(-1)).toEqual(['home answer', undefined]);
    expect(container.textContent).toBe('home answer in browser zone');
  });

  it('gives a screen opened by navigating no server answer: it reads as usual', async () => {
    const { page } = await hydrateProbe(browserZone);
    endPageReads();
    const later: (string | undefined)[] = [];
    const container = document.createElement('div');
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      createRoot(container).render(
        <PageRenderProvider value={page}>
          <Probe onRender={(read) => later.push(read)} />
        </PageRenderProvider>,
      );
    });
    expect(later).toEqual([undefined]);
  });
});
