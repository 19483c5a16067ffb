import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { newsVisibleTo, runningOn } from '../news';

/**
 * What makes the contacts dot: published news and announcements, still running (no end date
 * or one not past), that the caller has not opened (no news_reads row for their account).
 */
export async function unreadNewsCount(db: Db, caller: AuthUser, today: string): Promise<number> {
  const row = await db
    .selectFrom('news as n')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('n.published', '=', true)
    .where(newsVisibleTo(caller, 'n'))
    // The lists' own rule, so the dot never counts an item no list shows (issue 39, item 2).
    .where(runningOn(today))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('news_reads as r')
            .select(sql`1`.as('one'))
            .whereRef('r.news_id', '=', 'n.id')
            .where('r.reader', '=', caller.account),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
