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
    const spans: [number, number][] = [];
    const work = async () => {
      const began = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 150));
      spans.push([began, performance.now()]);
    };
    await Promise.all([oneAtATime(first, work), oneAtATime(second, work), oneAtATime(first, work)]);
    const sorted = spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]![0]).toBeGreaterThanOrEqual(sorted[i - 1]![1]);
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
