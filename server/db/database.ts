import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PgliteDialect } from './pglite-dialect';
import { usePreparedStatements } from './prepared-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's address (LISTEN needs a connection outside the pool). */
  url?: string;
  /** The embedded database itself, for dumping its data folder (tests copy a seeded one). */
  pglite?: PGlite;
  /** PostgreSQL connections of this process: total, idle, and requests waiting for one. */
  poolStats?: () => Record<string, number>;
  close(): Promise<void>;
}

/**
 * The same JavaScript types from both engines: PGlite returns bigint as a number and pg as a
 * string; both return numeric as a string. Our bigints (counts, sizes) fit in a double and our
 * amounts have two decimals under 1e11, so numbers are exact enough; dates stay text so no
 * time zone shifts them.
 */
const oid = { int8: 20, numeric: 1700, date: 1082 } as const;
// parseFloat reads PostgreSQL's numeric and int8 text as Number does, a third faster (every
// amount of a list page goes through it: a few per cent of a request's CPU under load).
const toNumber = (text: string) => parseFloat(text);
const keepText = (text: string) => text;

function pgTypes() {
  return {
    getTypeParser(id: number, format?: 'text' | 'binary') {
      if (id === oid.int8 || id === oid.numeric) return toNumber;
      if (id === oid.date) return keepText;
      return pg.types.getTypeParser(id, format);
    },
  };
}

export async function openDatabase(options: {
  url?: string;
  /** PostgreSQL connections of this process (DATABASE_POOL_SIZE; 10 by default). */
  poolSize?: number;
  dataDir?: string;
  /** A dumped PGlite data folder (tar) to start from instead of an empty database. */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: pgTypes(),
      // A database that does not answer (a restart, a network cut) fails a request after
      // this long with 503, instead of holding it forever.
      connectionTimeoutMillis: 5000,
    });
    // An idle client whose connection ends (server restart, a dropped test database) is
    // discarded by the pool, which then emits 'error': unheard, that would crash the process.
    pool.on('error', () => undefined);
    // A connection lost while a request holds it (a backend ended by the server or an
    // administrator) is told to the query that runs on it, which fails; the client then
    // also emits 'error', and the pool listens only to idle ones: unheard, that would end
    // the process. Heard here, the broken client is discarded when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    usePreparedStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return { db, kind: 'postgres', url: options.url, poolStats, close: () => db.destroy() };
  }
  // Without a folder the database lives in memory (tests).
  const pglite = new PGlite(options.dataDir ?? 'memory://', {
    parsers: { [oid.int8]: toNumber, [oid.numeric]: toNumber, [oid.date]: keepText },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
