import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestServer } from './harness';

/**
 * Probes and metrics (docs/operations.md): /healthz answers while the process does; /readyz
 * says whether the database, its migrations and the file storage are ready; /metrics speaks
 * Prometheus's text to the addresses and token the configuration names, and to nobody else.
 */
describe.each(databaseKinds)('probes and metrics on %s', (kind) => {
  let server: TestServer;
  let locked: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // Only 10.0.0.0/8, or the token, may read this one's metrics.
    locked = await startTestServer(kind, { METRICS_ALLOW: '10.0.0.0/8', METRICS_TOKEN: 't0k3n' });
  });
  afterAll(async () => {
    await server?.close();
    await locked?.close();
  });

  it('answers /healthz and /readyz without a session', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } },
    ]);
  });

  it('is not ready while the database lacks this version’s newest migration', async () => {
    const newest = await sql<{ name: string }>`
      select name from kysely_migration order by name desc limit 1`.execute(server.db);
    const name = newest.rows[0]!.name;
    await sql`update kysely_migration set name = ${`${name}-renamed`} where name = ${name}`.execute(
      server.db,
    );
    try {
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unready', checks: { migrations: 'failed' } });
    } finally {
      await sql`update kysely_migration set name = ${name} where name = ${`${name}-renamed`}`.execute(
        server.db,
      );
    }
  });

  it('counts requests by route and status, sign-ins by outcome, and the job queues', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/uc/auth',
      payload: { username: 'emp01', password: 'wrong-Password#1' },
    });
    const answer = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const text = answer.body;
    expect(text).toMatch(
      /atrium_http_requests_total\{method="POST",route="\/uc\/auth",status="400"\} \d+/,
    );
    expect(text).toMatch(/atrium_sign_ins_total\{outcome="refused"\} [1-9]/);
    expect(text).toMatch(/atrium_http_request_duration_seconds_bucket\{/);
    expect(text).toMatch(/atrium_jobs\{queue="\w+",state="pending"\} \d+/);
    expect(text).toContain('atrium_process_cpu_seconds_total');
    if (kind === 'postgres')
      expect(text).toMatch(/atrium_db_pool_connections\{state="total"\} \d+/);
  });

  it('shows /metrics only to the addresses and the token the configuration names', async () => {
    const from = (address: string, headers: Record<string, string> = {}) =>
      locked.app.inject({ method: 'GET', url: '/metrics', remoteAddress: address, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(403);
    expect((await from('10.1.2.3')).statusCode).toBe(200);
    expect((await from('127.0.0.1', { authorization: 'Bearer t0k3n' })).statusCode).toBe(200);
    expect((await from('127.0.0.1', { authorization: 'Bearer t0k3nX' })).statusCode).toBe(403);
    // A forged forwarding header changes nothing: no proxy is trusted here.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '10.1.2.3' })).statusCode).toBe(403);
  });
});
