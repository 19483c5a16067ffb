import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support';

/**
 * How the built front end is served: hashed chunks are cached for a year (their name changes
 * with their content), entry files and the portal page are revalidated, and each comes
 * compressed when the browser accepts it.
 */
const sharedChunk = readdirSync('dist/elements/chunks').find((name) =>
  /^shared-.*\.js$/.test(name),
)!;

async function head(path: string, encoding: string) {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { 'Accept-Encoding': encoding },
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    encoding: response.headers.get('content-encoding'),
  };
}

describe('static files', () => {
  it.each(['br', 'gzip', 'identity'])('caches a hashed chunk for a year (%s)', async (encoding) => {
    const answer = await head(`/elements/chunks/${sharedChunk}`, encoding);
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe('public, max-age=31536000, immutable');
    expect(answer.encoding).toBe(encoding === 'identity' ? null : encoding);
  });

  it('revalidates entry files, whose names stay the same from build to build', async () => {
    expect((await head('/elements/login.js', 'br')).cache).toBe('no-cache');
    expect((await head('/fvue/login', 'br')).cache).toBe('no-cache');
  });
});
