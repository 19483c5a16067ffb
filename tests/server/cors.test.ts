import { describe, expect, it } from 'vitest';
import { withServer } from './harness';

/** Elements on other sites call every method, with their own headers; preflights allow it. */
describe('cross-origin calls', () => {
  const server = withServer('pglite');

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
