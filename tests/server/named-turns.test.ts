import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { inTurn } from '../../server/lib/advisory-lock';

/**
 * Work that takes a named turn (`inTurn`: a user's drafts, a form's next version, a mobile
 * number's code) waits for it in the process before it takes a connection, so a flood for
 * one name holds one connection and every other request still finds one. PostgreSQL only:
 * PGlite has one connection, which every request shares in turn anyway.
 */
const url = process.env.DATABASE_URL;

describe.runIf(url)('named turns on PostgreSQL', () => {
  let handle: DatabaseHandle | undefined;
  /** A pool of two connections, the server's own settings otherwise. */
  const database = async () => (handle ??= await openDatabase({ url, poolSize: 2 })).db;
  afterAll(() => handle?.close());

  it('serves another request while 50 wait for one name, and runs them in the order asked', async () => {
    const db = await database();
    let letGo!: () => void;
    const holding = new Promise<void>((resolve) => (letGo = resolve));
    const ran: number[] = [];
    const flood = Array.from({ length: 50 }, (_, index) =>
      inTurn(db, 'test:flood', async (trx) => {
        ran.push(index);
        if (index === 0) await holding;
        await sql`select 1`.execute(trx);
      }),
    );
    // The first holds its turn (and a connection) until this answer comes: had the others
    // waited on the lock with a connection each, none would be left for it.
    const other = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(other.rows).toEqual([{ one: 1 }]);
    letGo();
    await Promise.all(flood);
    expect(ran).toEqual(Array.from({ length: 50 }, (_, index) => index));
  });

  it('passes the turn on when the work fails, and holds the lock in every process', async () => {
    const db = await database();
    const failed = inTurn(db, 'test:failing', async () => {
      throw new Error('refused');
    });
    const next = inTurn(db, 'test:failing', async () => 'served');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('served');

    // Another process (its own pool) asking for the name waits on the lock itself.
    const otherProcess = await openDatabase({ url, poolSize: 1 });
    try {
      let letGo!: () => void;
      const holding = new Promise<void>((resolve) => (letGo = resolve));
      const order: string[] = [];
      let taken!: () => void;
      const turnTaken = new Promise<void>((resolve) => (taken = resolve));
      const here = inTurn(db, 'test:shared', async () => {
        taken();
        await holding;
        order.push('here');
      });
      await turnTaken;
      const there = inTurn(otherProcess.db, 'test:shared', async () => {
        order.push('there');
      });
      // The other process is seen waiting on the lock before the first lets go.
      await expect
        .poll(async () => {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_locks
            where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())`.execute(
            db,
          );
          return rows[0]!.waiting;
        })
        .toBe(1);
      letGo();
      await Promise.all([here, there]);
      expect(order).toEqual(['here', 'there']);
    } finally {
      await otherProcess.close();
    }
  });
});
