import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/**
 * Several machines on one PostgreSQL (docs/operations.md). Two rules hold at start:
 * - one at a time prepares the database (migrations, the first seed): a session advisory
 *   lock on a connection of its own, so machines starting together migrate and seed once;
 * - every machine signs sessions with the same key: a key generated into a machine's own
 *   folder is refused once the database knows another one, with what to set instead.
 */
const prepareLock = 'atrium:prepare';

export async function oneAtATime(
  database: DatabaseHandle,
  work: () => Promise<void>,
): Promise<void> {
  if (database.kind !== 'postgres') return work();
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${prepareLock}))`.execute(connection);
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${prepareLock}))`.execute(connection);
    }
  });
}

export class SecretMismatchError extends Error {}

const fingerprint = (secret: Uint8Array) =>
  createHash('sha256').update('atrium-session-key').update(secret).digest('hex');

/**
 * Records the session key's fingerprint (never the key). A key the operator set (JWT_SECRET)
 * becomes the database's; a generated one must match the one recorded, or the machine would
 * refuse every other machine's sessions.
 */
export async function checkSessionKey(
  database: DatabaseHandle,
  secret: Uint8Array,
  generated: boolean,
): Promise<void> {
  if (database.kind !== 'postgres') return;
  const mine = fingerprint(secret);
  const row = await database.db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', 'sessionKeyFingerprint')
    .executeTakeFirst();
  const known = typeof row?.value === 'string' ? row.value : null;
  if (known === mine) return;
  if (known && generated) {
    throw new SecretMismatchError(
      'Another server on this database signs sessions with another key: set the same ' +
        'JWT_SECRET (and MAIL_SECRET) on every server that shares the database.',
    );
  }
  await database.db
    .insertInto('system_settings')
    .values({ key: 'sessionKeyFingerprint', value: JSON.stringify(mine) })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(mine) }))
    .execute();
}
