import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LiveEventData, LiveKind } from '../../src/core/live/events';

/**
 * Publishes an event to a user (null: everyone signed in) from code: a row of live_events,
 * which the database announces at commit like the triggers' (migration 0042). Inside the
 * caller's transaction, an event of a change that rolls back is never told.
 */
export async function publish<K extends LiveKind>(
  db: Kysely<Database>,
  userId: string | null,
  kind: K,
  data: LiveEventData[K],
): Promise<void> {
  await db
    .insertInto('live_events')
    .values({ user_id: userId, kind, data: JSON.stringify(data) })
    .execute();
}
