import { Readable } from 'node:stream';

/**
 * A stream of `chunks` once the first has been made: whatever fails before it (a refused filter or
 * sort, a query) is thrown here, so the caller answers with an error status instead of a 200 whose
 * body stops half-way. Set the download's headers after awaiting it.
 */
export async function streamOnceStarted(chunks: AsyncIterable<string>): Promise<Readable> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return Readable.from(all());
}
