import { describe, expect, it, vi } from 'vitest';
import { trackDynamicImports } from './chunk-import-transform.js';
import { ChunkLoadError, chunkTimeoutMs, loadChunk, trackChunkImport } from './load-chunk.js';

const chunkUrl = 'http://localhost:3000/static/assets/x.js';

/** A failing dynamic import, as browsers word it. */
const failingImporter = () => () =>
  Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${chunkUrl}`));

function probe(status: number) {
  const fetchImpl = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status }),
  );
  return fetchImpl;
}

async function failure(promise: Promise<unknown>): Promise<ChunkLoadError> {
  const error: unknown = await promise.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(ChunkLoadError);
  return error as ChunkLoadError;
}

describe('loadChunk (spec 8 and 9)', () => {
  it('gives a chunk that loads', async () => {
    const module = { default: 'screen' };
    const fetchImpl = probe(200);
    await expect(loadChunk(() => Promise.resolve(module), { fetchImpl })).resolves.toBe(module);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('reports a missing chunk when a HEAD probe of its address answers 404', async () => {
    const fetchImpl = probe(404);
    const error = await failure(loadChunk(failingImporter(), { fetchImpl }));
    expect(error.name).toBe('ChunkLoadError');
    expect(error.reason).toBe('missing');
    expect(error.url).toBe(chunkUrl);
    expect(error.message).toContain('missing');
    expect(error.message).toContain(chunkUrl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]![0]).toBe(chunkUrl);
    expect(fetchImpl.mock.calls[0]![1]).toMatchObject({ method: 'HEAD' });
  });

  it('reads a static path without a host too', async () => {
    const error = await failure(
      loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /static/assets/x.css')), {
        fetchImpl: probe(404),
      }),
    );
    expect(error.url).toBe('/static/assets/x.css');
    expect(error.reason).toBe('missing');
  });

  it('reports the error’s type when the chunk is there', async () => {
    const error = await failure(loadChunk(failingImporter(), { fetchImpl: probe(200) }));
    expect(error.reason).toBe('TypeError');
    expect(error.url).toBe(chunkUrl);
  });

  it('reports the error’s type when the probe itself fails', async () => {
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError('offline')));
    const error = await failure(loadChunk(failingImporter(), { fetchImpl }));
    expect(error.reason).toBe('TypeError');
  });

  it('reports a timeout with the address of the chunk that never arrived, not the route', async () => {
    const slow = 'http://localhost:3000/static/assets/slow-screen-abc123.js';
    // As a built chunk imports (chunk-import-transform.ts): the import is handed over with its address.
    const importer = () => trackChunkImport(new Promise<never>(() => undefined), slow);
    const error = await failure(loadChunk(importer, { timeoutMs: 20, name: 'browse' }));
    expect(error.reason).toBe('timeout');
    expect(error.url).toBe(slow);
    expect(error.message).toBe(`Loading chunk failed. (timeout: ${slow})`);
  });

  it('names the chunk the route waits on, not one another route started before it', async () => {
    const other = 'http://localhost:3000/static/assets/other-abc.js';
    void trackChunkImport(new Promise<never>(() => undefined), other);
    const own = 'http://localhost:3000/static/assets/own-def.js';
    const error = await failure(
      loadChunk(() => trackChunkImport(new Promise<never>(() => undefined), own), { timeoutMs: 20 }),
    );
    expect(error.url).toBe(own);
  });

  it('falls back to the route when no chunk address is known (the development server)', async () => {
    const error = await failure(
      loadChunk(() => new Promise<never>(() => undefined), { timeoutMs: 20, name: 'browse' }),
    );
    expect(error.url).toBe('browse');
  });

  it('waits 120 s by default', () => {
    expect(chunkTimeoutMs).toBe(120_000);
  });
});

describe('trackDynamicImports (the build step that gives each dynamic import its address)', () => {
  it('hands every relative dynamic import of a built chunk to the tracker with its absolute address', () => {
    const code = 'const a=()=>import("./browse-screen-Ab1.js"),b=()=>import(`../x/y-2.js`);import("react");';
    const out = trackDynamicImports(code);
    expect(out).toBe(
      'const a=()=>(globalThis.__stpChunkImport||(p=>p))(import("./browse-screen-Ab1.js"),new URL("./browse-screen-Ab1.js",import.meta.url).href),' +
        'b=()=>(globalThis.__stpChunkImport||(p=>p))(import(`../x/y-2.js`),new URL(`../x/y-2.js`,import.meta.url).href);import("react");',
    );
  });

  it('leaves a chunk without dynamic imports alone', () => {
    expect(trackDynamicImports('export const x = 1;')).toBeNull();
  });
});
