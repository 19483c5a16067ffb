import { timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { migrationProvider } from '../db/migrations';
import { forbidden } from '../lib/errors';
import { httpDuration, httpRequests, registry, signIns } from '../lib/metrics';

/**
 * Probes and metrics for operators (docs/operations.md):
 * - GET /healthz: the process answers (no database: a load balancer must not drop every
 *   machine when the database restarts);
 * - GET /readyz: the database answers, its migrations are this version's, the file storage
 *   answers; 503 with the failing checks otherwise;
 * - GET /metrics: Prometheus text, for the addresses in METRICS_ALLOW (loopback by default)
 *   or a bearer METRICS_TOKEN; a cluster's worker answers for every process.
 * All three are unauthenticated by session and cheap; none is in the API document.
 */
const signInRoutes = new Set([
  '/uc/auth',
  '/uc/sso/auth',
  '/bpm-runtime/api/user/v1/user/getMobileTokenByUserUserName',
  '/bpm-runtime/api/user/v1/user/getTokenByUserUserName',
]);

function outcomeOf(status: number): string {
  if (status < 300) return 'ok';
  return status === 429 ? 'locked' : 'refused';
}

async function check(name: string, work: () => Promise<boolean>): Promise<[string, string]> {
  try {
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000));
    return [name, (await Promise.race([work(), timeout])) ? 'ok' : 'failed'];
  } catch {
    return [name, 'failed'];
  }
}

/** The newest migration this version ships, which the database must have run. */
async function latestMigration(): Promise<string> {
  return (
    Object.keys(await migrationProvider.getMigrations())
      .sort()
      .at(-1) ?? ''
  );
}

function mayScrape(request: FastifyRequest, allow: FastifyInstance['deps']['config']['metrics']) {
  if (allow.token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${allow.token}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  const address = request.ip.replace(/^::ffff:/, '');
  return allow.ranges.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
}

/** This process's metrics, or with a cluster all workers' added up by the primary. */
function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  return new Promise((resolve, reject) => {
    const id = `${process.pid}-${Date.now()}-${Math.random()}`;
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('metrics: the primary did not answer'));
    }, 5000);
    const onMessage = (message: { type?: string; id?: string; text?: string }) => {
      if (message?.type !== 'atrium:metrics' || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(message.text ?? '');
    };
    process.on('message', onMessage);
    process.send!({ type: 'atrium:metrics-request', id });
  });
}

export const observabilityPlugin = fp(async (app: FastifyInstance) => {
  const { db, storage, config } = app.deps;

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    httpRequests.inc({ method: request.method, route, status });
    httpDuration.observe(
      { method: request.method, route, status: `${status[0]}xx` },
      reply.elapsedTime / 1000,
    );
    if (signInRoutes.has(route)) signIns.inc({ outcome: outcomeOf(reply.statusCode) });
  });

  const probe = { config: { access: 'public' as const }, schema: { hide: true } };

  app.get('/healthz', probe, async () => ({ status: 'ok' }));

  app.get('/readyz', probe, async (request, reply) => {
    const checks = Object.fromEntries(
      await Promise.all([
        check('database', async () => {
          await sql`select 1`.execute(db);
          return true;
        }),
        check('migrations', async () => {
          const row = await sql<{ name: string }>`
            select name from kysely_migration where name = ${await latestMigration()}`.execute(db);
          return row.rows.length === 1;
        }),
        check('storage', () => storage.ready()),
      ]),
    );
    const ready = Object.values(checks).every((state) => state === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unready', checks });
  });

  app.get('/metrics', probe, async (request, reply) => {
    if (!mayScrape(request, config.metrics)) throw forbidden('server:forbidden');
    return reply.type(registry.contentType).send(await metricsText());
  });
});
