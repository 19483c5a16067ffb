/**
 * The floor of bench/throughput.ts: the least a server can do for the statement page. A
 * minimal Fastify + pg route that verifies the same session JWT and runs the very SQL the
 * named query runs (page and count, captured from the real server) as named prepared
 * statements, as the server does, and answers the rows as JSON. Started by
 * bench/throughput.ts with FLOOR_PORT, DATABASE_URL, JWT_SECRET and FLOOR_QUERIES (JSON:
 * [{ sql, parameters }]).
 */
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { defaultPoolSize } from '../server/cluster';

const secret = new TextEncoder().encode(process.env.JWT_SECRET);
const queries = JSON.parse(process.env.FLOOR_QUERIES ?? '[]') as {
  sql: string;
  parameters: unknown[];
}[];
// The same pool size as one real server process (server/cluster.ts, defaultPoolSize).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE || defaultPoolSize(1)),
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
process.once('SIGTERM', () => void app.close().then(() => pool.end()));
