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
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout', options.name ?? 'unknown')), timeoutMs);
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
