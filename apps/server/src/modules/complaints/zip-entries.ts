import yauzl from 'yauzl';

/** What an uploaded zip (an xlsx ...) may hold before the server reads any of it. */
export interface ZipLimits {
  /** Entries in the central directory. */
  entries: number;
  /** Bytes once inflated: the sum the central directory declares, and what is really inflated. */
  inflatedBytes: number;
}

/** The archive is over its limits (a zip bomb, or simply too big to read): the caller's message. */
export class ZipLimitError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ZipLimitError';
  }
}

/** The archive cannot be read as a zip (damaged, encrypted, a name with a folder trick ...). */
export class ZipUnreadableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ZipUnreadableError';
  }
}

/**
 * The entries of a zip that `wanted` picks, inflated, within `limits`: the central directory is read
 * first and the archive refused when it lists too many entries or declares too many bytes, before
 * anything is inflated; then, because declared sizes can lie, the bytes really inflated are counted
 * as they come and the reading stops past the limit (yauzl also refuses an entry that inflates to
 * more than it declares). Entries not wanted are never inflated.
 */
export async function readZipEntries(
  data: Buffer,
  limits: ZipLimits,
  wanted: (name: string) => boolean,
): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { strictFileNames: true, validateEntrySizes: true });
  } catch (error) {
    throw new ZipUnreadableError((error as Error).message);
  }
  if (zip.entryCount > limits.entries)
    throw new ZipLimitError(`${zip.entryCount} entries (at most ${limits.entries})`);

  const chosen: yauzl.Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limits.inflatedBytes)
        throw new ZipLimitError(`declares ${declared} bytes inflated (at most ${limits.inflatedBytes})`);
      if (wanted(entry.fileName) && !entry.fileName.endsWith('/')) chosen.push(entry);
    }
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw new ZipUnreadableError((error as Error).message);
  }

  const entries = new Map<string, Buffer>();
  let inflated = 0;
  for (const entry of chosen) {
    if (entries.has(entry.fileName)) throw new ZipUnreadableError(`${entry.fileName} twice`);
    const chunks: Buffer[] = [];
    try {
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > limits.inflatedBytes) {
          stream.destroy();
          throw new ZipLimitError(`inflates past ${limits.inflatedBytes} bytes`);
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof ZipLimitError) throw error;
      throw new ZipUnreadableError((error as Error).message);
    }
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}
