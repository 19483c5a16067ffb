/**
 * The floor of bench/throughput.ts: the least a server can do for the statement page. A
 * minimal Fastify + pg route that verifies the same session JWT and runs the very SQL the
 * named query runs (page and count, captured from the real server) as named prepared
 * statements, as the server does, and answers the rows as JSON. Started by
 * bench/throughput.ts with FLOOR_PORT, DATABASE_URL, JWT_SECRET and FLOOR_QUERIES (JSON:
 * [{ sql, parameters }]); with FLOOR_WORKERS above 1 it is a node:cluster of that many
 * processes, as `npm start` runs the real server, so the same run shows how far this machine
 * lets the least server scale over its cores.
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { defaultPoolSize, runPrimary } from '../server/cluster';

const secret = new TextEncoder().encode(process.env.JWT_SECRET);
const queries = JSON.parse(process.env.FLOOR_QUERIES ?? '[]') as {
  sql: string;
  parameters: unknown[];
}[];
const processes = Number(process.env.FLOOR_WORKERS || 1);

// A cluster's primary as `npm start` runs one: it forks, and passes SIGTERM on to each worker.
if (cluster.isPrimary && processes > 1) {
  runPrimary(processes, () => {}, { shutdownMs: 25_000 });
} else {
  await serve();
}

async function serve() {
  // The same pool size as a real server process (server/cluster.ts, defaultPoolSize).
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE || defaultPoolSize(processes)),
  });
  const app = Fastify({ logger: false });

  app.get('/floor', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    try {
      const { payload } = await jwtVerify(header.slice(7), secret, { algorithms: ['HS256'] });
      if (payload.purpose !== 'session') throw new Error('not a session token');
    } catch {
      return reply.code(401).send({ state: false });
    }
    // Both at once, as the real server runs them: the page first, then the count, each as a
    // named statement (server/db/prepared-statements.ts).
    const [page, count] = await Promise.all(
      queries.map((query, index) =>
        pool.query({ name: `floor_${index}`, text: query.sql, values: query.parameters }),
      ),
    );
    return { state: true, result: page!.rows, total: count?.rows[0] ?? null };
  });

  await app.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
  process.once('SIGTERM', () => {
    // A cluster's worker also lets go of its channel to the primary, or it would never end.
    void app
      .close()
      .then(() => pool.end())
      .then(() => cluster.worker?.disconnect());
  });
}
