import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Takes a transaction-scoped advisory lock on a name: until the transaction ends, every other
 * transaction asking for the same name waits, in every process on the database. For the
 * check-then-write rules no constraint can express (overlapping periods, a next number).
 */
export async function lockName(trx: Kysely<Database>, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/**
 * The turns being taken through each pool of this process: by name, the promise of the last
 * in its queue.
 */
const queuesOf = new WeakMap<Kysely<Database>, Map<string, Promise<void>>>();

/**
 * Runs `work` in a transaction that holds `name` (`lockName`) alone. Requests of this process
 * wait for their turn before they take a connection: a flood asking for one name (one user's
 * 250 drafts at once) then holds one connection of the pool, where waiting on the lock would
 * hold all of them and leave the rest of the server's requests to time out waiting for one.
 * Other processes still wait on the lock itself.
 */
export async function inTurn<T>(
  db: Kysely<Database>,
  name: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let queues = queuesOf.get(db);
  if (!queues) queuesOf.set(db, (queues = new Map()));
  const previous = queues.get(name) ?? Promise.resolve();
  let release!: () => void;
  const turn = new Promise<void>((resolve) => (release = resolve));
  const mine = previous.then(() => turn);
  queues.set(name, mine);
  await previous;
  try {
    return await db.transaction().execute(async (trx) => {
      await lockName(trx, name);
      return work(trx);
    });
  } finally {
    release();
    if (queues.get(name) === mine) queues.delete(name);
  }
}
