import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageRenderProvider, type PageRender } from '../ssr/page-render.js';
import type { ApiError } from './api-error.js';
import { startServerReads } from './server-reads.js';
import { clearApiReads, useApiRead } from './use-api-read.js';

/** The API as a fetch: answers each address with itself, or with the status `refuse` gives its path. */
const calls: string[] = [];
let refuse: Record<string, number> = {};
beforeEach(() => {
  calls.length = 0;
  refuse = {};
  clearApiReads();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test');
    const address = `${url.pathname}${url.search}`;
    calls.push(address);
    const status = refuse[url.pathname];
    return new Response(JSON.stringify(status ? { detail: 'no' } : { from: address }), {
      status: status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Probe(props: { path: string; query?: Record<string, string>; keepPrevious?: boolean }) {
  const read = useApiRead<{ from: string }>(props.path, props.query, { keepPrevious: props.keepPrevious });
  const shown = read.isError
    ? `error ${(read.error as ApiError).status}`
    : read.data
      ? `${read.data.from}${read.isPlaceholderData ? ' (previous)' : ''}`
      : 'pending';
  return (
    <p data-testid="probe" data-fetching={read.isFetching}>
      {shown}
      <button onClick={read.refetch}>again</button>
    </p>
  );
}

describe('useApiRead', () => {
  it('reads a key once for every component showing it, and not again while the answer is fresh', async () => {
    const first = render(
      <>
        <Probe path="/restrictions/a/" />
        <Probe path="/restrictions/a/" />
      </>,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('probe').map((probe) => probe.textContent)).toEqual([
        '/api/restrictions/a/again',
        '/api/restrictions/a/again',
      ]),
    );
    first.unmount();
    render(<Probe path="/restrictions/a/" />);
    expect(screen.getByTestId('probe')).toHaveTextContent('/api/restrictions/a/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(['/api/restrictions/a/']);
  });

  it("keys a read by its path and query, and shows the previous key's answer while the next is read", async () => {
    const { rerender } = render(<Probe path="/restrictions/" query={{ page: '1' }} keepPrevious />);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/api/restrictions/?page=1'));
    let resolveNext: () => void = () => undefined;
    const next = new Promise<void>((resolve) => {
      resolveNext = resolve;
    });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      await next;
      return realFetch(input);
    });
    rerender(<Probe path="/restrictions/" query={{ page: '2' }} keepPrevious />);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveAttribute('data-fetching', 'true'));
    expect(screen.getByTestId('probe')).toHaveTextContent('/api/restrictions/?page=1 (previous)');
    resolveNext();
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent('/api/restrictions/?page=2again'),
    );
    // Without keepPrevious a new key shows nothing until its answer.
    rerender(<Probe path="/restrictions/" query={{ page: '3' }} />);
    expect(screen.getByTestId('probe')).toHaveTextContent('pending');
  });

  it('tries a failed read twice more, but not one the API refused with a 4xx; a retry asks again', async () => {
    refuse = { '/api/broken/': 503, '/api/missing/': 404 };
    render(
      <>
        <Probe path="/broken/" />
        <Probe path="/missing/" />
      </>,
    );
    await waitFor(
      () =>
        expect(screen.getAllByTestId('probe').map((probe) => probe.textContent)).toEqual([
          'error 503again',
          'error 404again',
        ]),
      { timeout: 8_000 },
    );
    expect(calls.filter((call) => call === '/api/broken/')).toHaveLength(3);
    expect(calls.filter((call) => call === '/api/missing/')).toHaveLength(1);
    refuse = {};
    await act(async () => screen.getAllByText('again')[1]!.click());
    await waitFor(() => expect(screen.getAllByTestId('probe')[1]).toHaveTextContent('/api/missing/'));
  }, 15_000);

  it('takes the read a route started for the screen instead of asking again', async () => {
    startServerReads([{ path: '/restrictions/early/' }], { ownReads: true });
    startServerReads([{ path: '/restrictions/early/' }], { ownReads: true });
    render(<Probe path="/restrictions/early/" />);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/api/restrictions/early/'));
    expect(calls).toEqual(['/api/restrictions/early/']);
  });
});

describe('useApiRead on a server-rendered page', () => {
  /** The server's passes (entry-server.tsx): each read the render asks for is answered, then it renders again. */
  function renderOnServer(path: string, answers: Record<string, { value: unknown; status?: number }>) {
    const page: PageRender = { theme: 'light', timeZone: 'UTC', reads: {}, readErrors: {} };
    const head = { status: 200, wanted: new Set<string>() };
    const html = () =>
      renderToString(
        <PageRenderProvider value={{ ...page, head }}>
          <Probe path={path} />
        </PageRenderProvider>,
      );
    expect(html()).toContain('pending');
    expect([...head.wanted]).toEqual([path]);
    for (const [key, { value, status }] of Object.entries(answers)) {
      page.reads[key] = value;
      if (status !== undefined) page.readErrors![key] = status;
    }
    return { page, html: html() };
  }

  it('renders with the answer the server read, and hydrates with it without asking the API', async () => {
    const { page, html } = renderOnServer('/restrictions/r/', {
      '/restrictions/r/': { value: { from: 'the server' } },
    });
    expect(html).toContain('the server');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(
        container,
        <PageRenderProvider value={page}>
          <Probe path="/restrictions/r/" />
        </PageRenderProvider>,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('the serveragain');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(calls).toEqual([]);
  });

  it("keeps the server's refusal as the ApiError of its status (a missing record stays missing)", async () => {
    const { page, html } = renderOnServer('/restrictions/gone/', {
      '/restrictions/gone/': { value: null, status: 404 },
    });
    expect(html).toContain('error 404');
    const container = document.createElement('div');
    container.innerHTML = html;
    await act(async () => {
      hydrateRoot(
        container,
        <PageRenderProvider value={page}>
          <Probe path="/restrictions/gone/" />
        </PageRenderProvider>,
      );
    });
    expect(container.textContent).toBe('error 404again');
    expect(calls).toEqual([]);
  });
});
