// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUrl, HttpClient, isCancel } from '../../../src/core/http-client';

/**
 * The transport that replaced axios (issue 18), against a real HTTP server: what it sends
 * (the parameters and bodies as axios wrote them) and how it answers statuses, text, JSON,
 * timeouts and cancels.
 */
let server: Server;
let base = '';
let last: { request: IncomingMessage; body: string } | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', '*');
    response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    if (request.method === 'OPTIONS') return response.end();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      last = { request, body };
      const path = request.url!.split('?')[0];
      if (path === '/slow') return void setTimeout(() => response.end('late'), 2_000);
      if (path === '/text') return void response.end('not json {');
      response.statusCode = path === '/missing' ? 404 : 200;
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('X-Total-Count', '7');
      response.end(JSON.stringify({ state: path !== '/missing', echo: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = new HttpClient({ timeout: 100_000 });

describe('the request transport', () => {
  it('writes parameters as axios did', () => {
    const url = buildUrl('/q', {
      a: 'x y:z,$',
      ids: [1, 2],
      range: { from: '2026-01', to: '2026-03' },
      at: new Date(Date.UTC(2026, 0, 2)),
      skip: undefined,
      none: null,
      flag: false,
    });
    expect(url).toBe(
      '/q?a=x+y:z,$&ids[]=1&ids[]=2&range[from]=2026-01&range[to]=2026-03&at=2026-01-02T00:00:00.000Z&flag=false',
    );
    expect(buildUrl('/q?page=1#top', { b: '&=' })).toBe('/q?page=1&b=%26%3D');
    expect(buildUrl('/q', {})).toBe('/q');
  });

  it('sends an object as JSON with the given headers and answers any status', async () => {
    const answer = await client.request<{ state: boolean; echo: string }>({
      url: `${base}/ok`,
      method: 'post',
      data: { name: '王会计', n: 1 },
      headers: { 'Accept-Language': 'en-US' },
      params: { leaderId: '42' },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.data.echo)).toEqual({ name: '王会计', n: 1 });
    expect(answer.header('x-total-count')).toBe('7');
    expect(last!.request.method).toBe('POST');
    expect(last!.request.url).toBe('/ok?leaderId=42');
    expect(last!.request.headers['content-type']).toBe('application/json');
    expect(last!.request.headers['accept-language']).toBe('en-US');
    const missing = await client.get<{ state: boolean }>(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.data.state).toBe(false);
  });

  it('sends a bare string as a form body, and keeps text that is not JSON', async () => {
    await client.request({ url: `${base}/ok`, method: 'POST', data: 'queryData=1' });
    expect(last!.request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last!.body).toBe('queryData=1');
    expect((await client.get(`${base}/text`)).data).toBe('not json {');
    const raw = await client.get(`${base}/ok`, {
      responseType: 'text',
      transformResponse: [(data) => data],
    });
    expect(typeof raw.data).toBe('string');
  });

  it('says timeout after its time, and cancelled when the signal aborts', async () => {
    const quick = new HttpClient({ timeout: 200 });
    await expect(quick.get(`${base}/slow`)).rejects.toMatchObject({ code: 'ECONNABORTED' });
    const controller = new AbortController();
    const pending = client.get(`${base}/slow`, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((failure: unknown) => failure);
    expect(isCancel(error)).toBe(true);
    expect((error as Error).name).toBe('CanceledError');
    await expect(client.get(`${base}/ok`, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'ERR_CANCELED',
    });
  });

  it('says network when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(client.get(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({
      code: 'ERR_NETWORK',
    });
  });
});
