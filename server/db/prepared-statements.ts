import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Db } from './database';

/**
 * Named prepared statements for the hottest reads (issue 18). PostgreSQL parses and plans an
 * unnamed statement on every call: for the statement page's page and count queries that took
 * about ten times the CPU of running them (log_min_duration_statement: parse 0.55 and
 * 0.73 ms, bind with planning 1.17 and 1.30 ms, execute 0.06 and 0.08 ms on a new
 * connection). A named statement is parsed once per connection and, after five runs, planned
 * once when a generic plan costs no more than the custom ones.
 *
 * Queries opt in (`executePrepared`), and only over tables whose shape never changes while the
 * server runs (the finance lists): an online form's table gains columns at run time, and a
 * prepared `select *` of it would then fail ("cached plan must not change result type").
 * The texts are bounded: past `limit` a query runs unnamed, as every other query does.
 */
const limit = 256;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < limit) {
    name = `atrium_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** Runs a query as a named statement (on PostgreSQL; PGlite runs it as it is). */
export async function executePrepared<Row>(
  db: Db,
  query: Compilable<Row> | CompiledQuery<Row>,
): Promise<Row[]> {
  const compiled = 'compile' in query ? query.compile() : query;
  nameOf(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}

type Query = (...args: unknown[]) => unknown;

/**
 * Sends the texts named above as named statements on every connection of the pool. Kysely
 * calls `client.query(text, values)`; only that form is rewritten, to pg's
 * `{ name, text, values }`, which parses on a connection's first use of the name only.
 */
export function usePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const named: Query = (text, values, ...rest) => {
      const name = typeof text === 'string' && rest.length === 0 ? names.get(text) : undefined;
      return name && Array.isArray(values)
        ? query({ name, text, values })
        : query(text, values, ...rest);
    };
    client.query = named as typeof client.query;
  });
}
