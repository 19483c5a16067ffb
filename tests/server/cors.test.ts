import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/** Elements on other sites call every method, with their own headers; preflights allow it. */
describe('cross-origin calls', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it.each(['GET', 'POST', 'PUT', 'DELETE'])(
    'allows %s with the headers asked for',
    async (method) => {
      const response = await server.app.inject({
        method: 'OPTIONS',
        url: '/portal/system/file/v1/delete',
        headers: {
          origin: 'https://cms.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type,x-demo',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('https://cms.example');
      expect(String(response.headers['access-control-allow-methods'])).toContain(method);
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'x-demo',
      );
    },
  );
});
