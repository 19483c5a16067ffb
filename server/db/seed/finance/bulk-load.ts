import { sql } from 'kysely';
import type { Db } from '../../database';

interface Definition {
  table: string;
  name: string;
  definition: string;
}

/**
 * Loads rows with the tables' keys, constraints backed by an index, and secondary indexes set
 * aside, then puts them back: PostgreSQL's own advice for bulk loading (checking a key row
 * by row costs more than validating it once, and one index build beats a million
 * insertions). Only for the seed, which runs before the server takes requests, on tables
 * that no other table references. The definitions come from the catalog, not from any
 * input, and are restored even when the load fails.
 */
export async function bulkLoad(db: Db, tables: string[], load: () => Promise<void>): Promise<void> {
  const names = sql.join(tables);
  const constraints = (types: string) => sql<Definition>`
    select c.conrelid::regclass::text as table, c.conname as name,
      pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = any(string_to_array(${types}, ',')::"char"[])
      and c.conrelid::regclass::text in (${names})
    order by c.contype, c.conname`;
  // Foreign keys first off and last on; primary and unique keys in between.
  const keys = await constraints('f').execute(db);
  const unique = await constraints('p,u').execute(db);
  const indexes = await sql<Definition>`
    select i.tablename as table, i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${names})
      and not exists (
        select 1 from pg_constraint c
        where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass
      )
    order by i.indexname`.execute(db);
  for (const key of [...keys.rows, ...unique.rows]) await dropConstraint(db, key);
  for (const index of indexes.rows) await sql`drop index ${sql.ref(index.name)}`.execute(db);
  try {
    await load();
  } finally {
    for (const key of unique.rows) await addConstraint(db, key);
    for (const index of indexes.rows) await sql.raw(index.definition).execute(db);
    for (const key of keys.rows) await addConstraint(db, key);
  }
}

const dropConstraint = (db: Db, key: Definition) =>
  sql`alter table ${sql.table(key.table)} drop constraint ${sql.ref(key.name)}`.execute(db);

const addConstraint = (db: Db, key: Definition) =>
  sql`alter table ${sql.table(key.table)} add constraint ${sql.ref(key.name)} ${sql.raw(key.definition)}`.execute(
    db,
  );
