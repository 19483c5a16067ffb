import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seededFileIds } from '../../server/db/seed/ids';
import { login, oneDatabase, withServer } from './harness';

/**
 * What goes over the wire (issue 40, part 3): whole answers compressed per Accept-Encoding
 * above 1 KiB, in one hook (server/plugins/compression.ts); streams left as they come; public
 * files, whose bytes never change under their id, cached for a year. Headers and encodings
 * only, which no database changes: PGlite.
 */
describe.each(oneDatabase)('answers on the wire (%s)', (kind) => {
  const server = withServer(kind);
  const menu = '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=front_menu';
  const get = async (url: string, headers: Record<string, string>) =>
    server.app.inject({ method: 'GET', url, headers });

  it('compresses a JSON answer with brotli or gzip as the caller accepts, to the same JSON', async () => {
    const token = await login(server.app, 'admin', 'Atrium#2026');
    const bearer = { authorization: `Bearer ${token}` };
    const plain = await get(menu, bearer);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const cases: [string, string | undefined, (bytes: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['gzip', 'gzip', gunzipSync],
      ['identity', undefined, (bytes) => bytes],
    ];
    for (const [accepted, encoding, decode] of cases) {
      const answer = await get(menu, { ...bearer, 'accept-encoding': accepted });
      expect(answer.headers['content-encoding'], accepted).toBe(encoding);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(JSON.parse(decode(answer.rawPayload).toString())).toEqual(plain.json());
    }
    const compressed = await get(menu, { ...bearer, 'accept-encoding': 'br' });
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('leaves small answers and streamed files as they are', async () => {
    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const file = await get(`/portal/system/file/v1/downloadFile?fileId=${seededFileIds.logo}`, {
      'accept-encoding': 'br, gzip',
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
  });

  it('lets browsers keep a public file (the logo) for a year, and no private one', async () => {
    const logo = await get(`/portal/system/file/v1/downloadFile?fileId=${seededFileIds.logo}`, {});
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const token = await login(server.app, 'store01', 'Staff#2026');
    const upload = await server.app.inject({
      method: 'POST',
      url: '/portal/system/file/v1/upload',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload:
        '--x\r\nContent-Disposition: form-data; name="files"; filename="清单.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\n货号,数量\r\n--x--\r\n',
    });
    const { fileId } = upload.json<{ fileId: string }>();
    const own = await get(`/portal/system/file/v1/downloadFile?fileId=${fileId}`, {
      authorization: `Bearer ${token}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });
});
