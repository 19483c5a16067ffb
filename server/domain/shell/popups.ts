import type { Popup } from '../../../src/contract/shell';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { notFound } from '../../lib/errors';

/** Running pop-ups meant for the caller (everyone's, or their role's) not yet dismissed. */
function pendingQuery(db: Db, caller: AuthUser, now: Date) {
  return db
    .selectFrom('popups as p')
    .where('p.starts_at', '<=', now)
    .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', now)]))
    .where((eb) =>
      eb.or([
        eb('p.role_id', 'is', null),
        ...(caller.roleIds.length > 0 ? [eb('p.role_id', 'in', caller.roleIds)] : []),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('popup_dismissals as d')
            .select(sql`1`.as('one'))
            .whereRef('d.popup_id', '=', 'p.id')
            .where('d.user_id', '=', caller.id),
        ),
      ),
    );
}

export async function pendingPopups(db: Db, caller: AuthUser, now = new Date()): Promise<Popup[]> {
  const rows = await pendingQuery(db, caller, now)
    .selectAll('p')
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    desc: row.description,
    url: row.url,
    popupType: row.popup_type,
    dialogWidth: row.dialog_width,
    dialogHeight: row.dialog_height,
  }));
}

/** Closes a pop-up for the caller; closing one that is not theirs to see is a 404. */
export async function dismissPopup(db: Db, caller: AuthUser, id: string, now = new Date()) {
  const shown = await pendingQuery(db, caller, now)
    .select('p.id')
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!shown) {
    const dismissed = await db
      .selectFrom('popup_dismissals')
      .select('popup_id')
      .where('popup_id', '=', id)
      .where('user_id', '=', caller.id)
      .executeTakeFirst();
    // Closing twice (two tabs) is not an error.
    if (dismissed) return;
    throw notFound('server:shell.popupNotFound');
  }
  await db
    .insertInto('popup_dismissals')
    .values({ popup_id: id, user_id: caller.id })
    .onConflict((conflict) => conflict.columns(['popup_id', 'user_id']).doNothing())
    .execute();
}
