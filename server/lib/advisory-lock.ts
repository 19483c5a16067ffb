import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Takes a transaction-scoped advisory lock on a name: until the transaction ends, every other
 * transaction asking for the same name waits, in every process on the database. For the
 * check-then-write rules no constraint can express (overlapping periods, a next number).
 */
export async function lockName(trx: Kysely<Database>, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
