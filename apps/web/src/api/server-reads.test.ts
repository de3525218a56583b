import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The API as a fetch that counts its calls and answers each path with its own name. */
function answeringFetch() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    calls.push(new URL(url, 'http://portal.test').pathname);
    return new Response(JSON.stringify({ from: new URL(url, 'http://portal.test').pathname }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

// Each case gets the module fresh: whether a client has adopted the reads is the module's own state.
const freshModule = async () => {
  vi.resetModules();
  return import('./server-reads.js');
};

describe('server reads', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  });
  afterEach(() => {
    client.clear();
    vi.unstubAllGlobals();
  });

  it('starts a read before the query client exists, and the client then answers from it', async () => {
    const calls = answeringFetch();
    const { startServerReads, adoptServerReads, serverReadKey, readFromServer } = await freshModule();
    startServerReads([{ path: '/restrictions/a/' }]);
    startServerReads([{ path: '/restrictions/a/' }]);
    await vi.waitFor(() => expect(calls).toEqual(['/api/restrictions/a/']));

    adoptServerReads(client);
    const data = await client.fetchQuery({
      queryKey: serverReadKey('/restrictions/a/'),
      queryFn: () => readFromServer('/restrictions/a/'),
    });
    expect(data).toEqual({ from: '/api/restrictions/a/' });
    // The screen's query found the read in flight or done: the API was asked once.
    expect(calls).toEqual(['/api/restrictions/a/']);
    // A fresh import of the module (and the API client behind it) takes seconds on a loaded machine.
  }, 20_000);

  it('hands reads to the client once it exists, which skips data it holds fresh', async () => {
    const calls = answeringFetch();
    const { startServerReads, adoptServerReads, serverReadKey } = await freshModule();
    adoptServerReads(client);
    startServerReads([{ path: '/restrictions/b/', query: { lang: 'fr' } }]);
    await vi.waitFor(() =>
      expect(client.getQueryData(serverReadKey('/restrictions/b/', { lang: 'fr' }))).toEqual({
        from: '/api/restrictions/b/',
      }),
    );
    startServerReads([{ path: '/restrictions/b/', query: { lang: 'fr' } }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual(['/api/restrictions/b/']);
  }, 20_000);

  it('keys a read by its path and query, as the screens’ queries are keyed', async () => {
    const { serverReadKey } = await freshModule();
    expect(serverReadKey('/restrictions/')).toEqual(['/restrictions/', {}]);
    expect(serverReadKey('/restrictions/', { page: 2 })).toEqual(['/restrictions/', { page: 2 }]);
  });
});
