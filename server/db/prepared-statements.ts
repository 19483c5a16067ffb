import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery } from 'kysely';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { Db } from './database';
import { DescribedRead, type Description } from './described-read';

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
 *
 * Both ends are bounded, least recently used first out: the texts that may be named
 * (`textLimit`), and the statements each connection keeps prepared (`perConnection`), since
 * every one holds a parse tree and a plan in that connection's backend. A list sorted by
 * every field in turn thus costs a re-parse of the oldest shapes, never unbounded memory,
 * and never leaves the common shapes unnamed because rare ones came first.
 */
const textLimit = 2048;
const names = new Map<string, string>();

/** The statement name of a text: the same text always gets the same name. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `atrium_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= textLimit) names.delete(names.keys().next().value!);
  } else names.delete(text);
  names.set(text, name);
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

type Query = (...args: unknown[]) => Promise<unknown>;

/** SQLSTATE 25P02: "current transaction is aborted, commands ignored until end of block". */
const failedTransaction = '25P02';

/**
 * What pg keeps per connection of the statements it parsed there (pg 8): a name it finds
 * here is sent without a Parse message. Forgetting a name makes pg parse it again.
 */
interface ParsedStatements {
  connection?: { parsedStatements?: Record<string, string> };
}

/**
 * Sends the texts named above as named statements on every connection of the pool. Kysely
 * calls `client.query(text, values)`; only that form is rewritten, to a DescribedRead of
 * the name, which parses on a connection's first use of the name only and asks for the
 * result's description once (described-read.ts).
 *
 * Past `perConnection` statements on a connection, the least recently used one is
 * deallocated before the new one is sent. pg runs a connection's queries one after the other
 * in the order asked, so the DEALLOCATE ends before the next query starts; the name is
 * forgotten at once, so that query (or a later one of the same text) is parsed afresh.
 */
export function usePreparedStatements(pool: pg.Pool, { perConnection = 64 } = {}): void {
  // The result descriptions of this pool's database, by statement name.
  const descriptions = new LRUCache<string, Description>({ max: textLimit });
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const statements = {
      descriptions,
      textParser: (oid: number) => client.getTypeParser(oid, 'text'),
    };
    const parsed = (client as unknown as ParsedStatements).connection?.parsedStatements;
    /** The names sent on this connection, least recently used first. */
    const kept = new Set<string>();
    const evictOldest = () => {
      const oldest = kept.values().next().value!;
      kept.delete(oldest);
      const text = parsed?.[oldest];
      if (text === undefined) return; // its Parse failed: nothing to free
      delete parsed![oldest];
      // The name is ours (hex), never request text. If PostgreSQL refuses because a
      // transaction already failed on this connection, the statement is still there: pg is
      // told so again, and a later eviction frees it. Any other refusal means it is gone.
      query(`deallocate ${oldest}`).catch((error: { code?: string }) => {
        if (error.code !== failedTransaction) return;
        parsed![oldest] = text;
        kept.add(oldest);
      });
    };
    const named: Query = (text, values, ...rest) => {
      if (typeof text !== 'string' || rest.length > 0) return query(text, values, ...rest);
      const name = names.get(text);
      if (!name || !Array.isArray(values) || !parsed) return query(text, values, ...rest);
      if (!kept.delete(name)) while (kept.size >= perConnection) evictOldest();
      kept.add(name);
      const read = new DescribedRead(name, text, values, statements);
      void query(read);
      return read.result;
    };
    client.query = named as typeof client.query;
  });
}
