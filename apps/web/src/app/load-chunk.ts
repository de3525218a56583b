/** Spec 9: script chunks give up after 120 s. */
export const chunkTimeoutMs = 120_000;

/** Spec 8: a chunk that failed to load, with the reason (missing, timeout or the error type) and its address. */
export class ChunkLoadError extends Error {
  constructor(
    readonly reason: string,
    readonly url: string,
  ) {
    super(`Loading chunk failed. (${reason}: ${url})`);
    this.name = 'ChunkLoadError';
  }
}

/** The dynamic imports under way, oldest first: each chunk's address and when it started. */
const pendingChunks: { address: string; order: number }[] = [];
let importOrder = 0;

/**
 * Called by every dynamic import of a built chunk (chunk-import-transform.ts) with the chunk's address:
 * the address is known while the import is under way, so a time-out can name it.
 */
export function trackChunkImport<T>(load: Promise<T>, address: string): Promise<T> {
  const entry = { address, order: (importOrder += 1) };
  pendingChunks.push(entry);
  const settled = () => {
    const index = pendingChunks.indexOf(entry);
    if (index >= 0) pendingChunks.splice(index, 1);
  };
  load.then(settled, settled);
  return load;
}
(globalThis as { __stpChunkImport?: typeof trackChunkImport }).__stpChunkImport = trackChunkImport;

/** The first chunk started since `order` and still not there: the one a load is waiting on. */
function waitedChunk(order: number): string | undefined {
  return pendingChunks.find((entry) => entry.order > order)?.address;
}

function addressIn(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/[^\s'"]+|\/static\/[^\s'"]+)/.exec(message)?.[1] ?? 'unknown';
}

async function reasonFor(url: string, error: unknown, fetchImpl: typeof fetch): Promise<string> {
  if (url !== 'unknown') {
    try {
      const probe = await fetchImpl(url, { method: 'HEAD', cache: 'no-store' });
      if (probe.status === 404) return 'missing';
    } catch {
      // Unreachable as well: fall through to the error's own type.
    }
  }
  return error instanceof Error ? error.name : 'error';
}

/** Loads a lazy chunk from the static path, failing with a ChunkLoadError on error or after the time-out. */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch; name?: string } = {},
): Promise<T> {
  const { timeoutMs = chunkTimeoutMs, fetchImpl = (...args) => globalThis.fetch(...args) } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startedAfter = importOrder;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The chunk's address; where no build step told it (the development server), the route's name.
      const address = waitedChunk(startedAfter) ?? options.name ?? 'unknown';
      reject(new ChunkLoadError('timeout', address));
    }, timeoutMs);
  });
  try {
    return await Promise.race([importer(), timeout]);
  } catch (error) {
    if (error instanceof ChunkLoadError) throw error;
    const url = addressIn(error);
    throw new ChunkLoadError(await reasonFor(url, error, fetchImpl), url);
  } finally {
    clearTimeout(timer);
  }
}
