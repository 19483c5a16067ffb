import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { LiveEvent } from '../../src/core/live/events';

/** Events are kept this long: a page away longer reads everything again (resync). */
export const keepEventsMinutes = 60;

/** At most this many events are sent on a reconnect; past them, a resync. */
export const catchUpLimit = 500;

/**
 * Ids come from a sequence and commit in any order: an event numbered before the last one a
 * page saw may commit after it. A catch-up also sends what was written this long before
 * that event; the page drops the ids it already has.
 */
const overlapSeconds = 10;

/** The newest event's id (a cursor for a stream that has none yet), or '' for none. */
export async function newestEventId(db: Db): Promise<string> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ? String(row.id) : '';
}

/**
 * The user's events after `lastId` (theirs and everyone's, in id order), or 'resync' when
 * they cannot all be sent: the event is no longer kept (or never was), or there are too many.
 * Of the overlap (ids before `lastId`), what is known to have committed before `lastId`
 * (`committedBefore`, the order this process heard them in) was visible to whatever gave the
 * page its cursor, and is left out: a page is not sent again what it read.
 */
export async function catchUp(
  db: Db,
  userId: string,
  lastId: number,
  committedBefore: (id: string) => boolean = () => false,
): Promise<LiveEvent[] | 'resync'> {
  const anchor = await db
    .selectFrom('live_events')
    .select('created_at')
    .where('id', '=', lastId)
    .executeTakeFirst();
  if (!anchor) return 'resync';
  const { rows } = await sql<{ id: number; kind: string; data: Record<string, unknown> }>`
    select e.id, e.kind, e.data from live_events e
    where (e.user_id = ${userId} or e.user_id is null)
      and (e.id > ${lastId} or (e.id < ${lastId}
        and e.created_at >= ${anchor.created_at}::timestamptz - ${`${overlapSeconds} seconds`}::interval))
    order by e.id
    limit ${catchUpLimit + 1}`.execute(db);
  if (rows.length > catchUpLimit) return 'resync';
  return rows
    .filter((row) => Number(row.id) > lastId || !committedBefore(String(row.id)))
    .map((row) => ({ id: String(row.id), kind: row.kind, data: row.data }) as LiveEvent);
}

/** Forgets events older than what a catch-up serves (each process, once a minute). */
export async function pruneEvents(db: Db): Promise<void> {
  await sql`delete from live_events
    where created_at < now() - ${`${keepEventsMinutes} minutes`}::interval`.execute(db);
}
