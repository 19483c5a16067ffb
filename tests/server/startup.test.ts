import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { checkSessionKey, oneAtATime, SecretMismatchError } from '../../server/db/startup';
import { freshPostgres } from './harness';

/**
 * Several machines on one PostgreSQL (docs/operations.md): they prepare the database one at a
 * time, and one whose session key was generated into its own folder is refused once the
 * database knows another key.
 */
describe.skipIf(!process.env.DATABASE_URL)('machines starting on one PostgreSQL', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const copy = await freshPostgres('template1');
    drop = copy.drop;
    first = await openDatabase({ url: copy.url });
    second = await openDatabase({ url: copy.url });
    await first.db.schema
      .createTable('system_settings')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('value', 'jsonb', (column) => column.notNull())
      .execute();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it('prepare one at a time, whatever the number starting together', async () => {
    // Each preparation goes to the database a few times; without the lock the three would
    // all be inside at once, each waiting on its queries.
    let inside = 0;
    let most = 0;
    let done = 0;
    const work = async () => {
      most = Math.max(most, ++inside);
      for (let round = 0; round < 5; round++) await sql`select 1`.execute(first.db);
      inside--;
      done++;
    };
    await Promise.all([oneAtATime(first, work), oneAtATime(second, work), oneAtATime(first, work)]);
    expect([done, most]).toEqual([3, 1]);
  });

  it('refuse a generated session key other than the one the database knows', async () => {
    const key = (text: string) => new TextEncoder().encode(text);
    await checkSessionKey(first, key('machine-a'), true);
    await checkSessionKey(first, key('machine-a'), true);
    await expect(checkSessionKey(second, key('machine-b'), true)).rejects.toThrow(
      SecretMismatchError,
    );
    // A key the operator sets becomes the database's; a machine left on its own then stops.
    await checkSessionKey(second, key('set-by-the-operator'), false);
    await expect(checkSessionKey(first, key('machine-a'), true)).rejects.toThrow(/JWT_SECRET/);
    await checkSessionKey(first, key('set-by-the-operator'), false);
  });
});
