import type { Db } from '../../db/database';

/**
 * The workflow engine's messages to a user (urgings, due times, incidents, results), shown
 * by the reminders widget.
 */

/** One page of a user's messages, newest first. */
export function workflowMessagesOf(db: Db, userId: string, page: number, pageSize: number) {
  return db
    .selectFrom('wf_messages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

/** How many messages a user has, and how many of them are unread. */
export function workflowMessageCounts(db: Db, userId: string) {
  return db
    .selectFrom('wf_messages')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}
