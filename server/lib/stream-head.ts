import { Readable } from 'node:stream';

/**
 * The first `size` bytes of a stream (fewer if it ends sooner), and the whole stream again
 * from its start, still arriving: what checks a file by its first bytes needs before the
 * rest is written anywhere, without holding the rest.
 */
export async function splitHead(
  stream: Readable,
  size: number,
): Promise<{ head: Buffer; body: Readable }> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    first.push(next.value);
    length += next.value.length;
  }
  const taken = Buffer.concat(first);
  async function* whole() {
    if (taken.length) yield taken;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { head: taken.subarray(0, size), body: Readable.from(whole(), { objectMode: false }) };
}
