import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Opened } from '../../../src/contract/print';
import type { NoticeViewKind } from '../../db/schema-finance';

/**
 * The two state changes of spec section 4. Each is ONE statement whose condition is the
 * unset state, so it can never overwrite: under concurrent opens PostgreSQL re-checks the
 * condition on the row the first writer committed, finds it set, and skips it.
 *
 * Both are the merchant's acknowledgement (issue 36, part 4): only the notice's own merchant
 * makes them, and the server decides who that is from the session (`isNoticeMerchant`).
 * Anyone else who opens a notice (the accountant, the bookkeeper, the designated user) is
 * recorded as a staff view instead (`recordStaffViews`).
 */
export type NoticeTable = 'advance_notices' | 'joint_fee_notices' | 'lease_fee_notices';

/** The kind under which staff views of each table's notices are kept. */
export const viewKindOf: Record<NoticeTable | 'dunning_notices', NoticeViewKind> = {
  advance_notices: 'advance',
  joint_fee_notices: 'joint',
  lease_fee_notices: 'lease',
  dunning_notices: 'dunning',
};

const tableOfKind: Record<NoticeViewKind, NoticeTable | 'dunning_notices'> = {
  advance: 'advance_notices',
  joint: 'joint_fee_notices',
  lease: 'lease_fee_notices',
  dunning: 'dunning_notices',
};

/** Whether the caller is the merchant a notice is addressed to (their vendor code is its unit). */
export function isNoticeMerchant(vendorCode: string | null, merchantCode: unknown): boolean {
  return vendorCode !== null && vendorCode === String(merchantCode ?? '');
}

/** Fee notices: confirmed by their merchant at `at`, once. Answers how many were confirmed now. */
export async function confirmNotices(
  db: Db,
  table: NoticeTable,
  ids: readonly string[],
  account: string,
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable(table)
    .set({ confirm_date: at, confirmed_by: account })
    .where('id', 'in', ids)
    .where('confirm_date', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Dunning notices: their merchant's first view and time (f_cyr, f_cysj), never reset. */
export async function markViewed(
  db: Db,
  ids: readonly string[],
  account: string,
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('dunning_notices')
    .set({ viewed_by: account, viewed_at: at })
    .where('id', 'in', ids)
    .where('viewed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * What an open did, told to the viewer beside the document (the print view says it): opened
 * as the notices' merchant, as staff, or both (a batch of several merchants' notices); how
 * many notices this open confirmed or marked viewed; how many staff views it recorded.
 */
export type { Opened };

export function openedOf(mine: number, others: number, acknowledged: number): Opened {
  const as = others === 0 ? 'merchant' : mine === 0 ? 'staff' : 'both';
  return { as, acknowledged, staffViews: others };
}

export interface StaffViewer {
  account: string;
  fullname: string;
}

/**
 * A staff member opened these notices: one row per notice and viewer keeps the first open,
 * the last and how many (one statement, whatever the number of notices; concurrent opens
 * each count, as the upsert takes the row lock). The notices then name their latest staff
 * viewer and count their staff viewers, for the lists.
 */
export async function recordStaffViews(
  db: Db,
  kind: NoticeViewKind,
  ids: readonly string[],
  viewer: StaffViewer,
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('notice_staff_views')
    .values(
      [...new Set(ids)].map((id) => ({
        kind,
        notice_id: id,
        account: viewer.account,
        fullname: viewer.fullname,
        first_viewed_at: at,
        last_viewed_at: at,
        opens: 1,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['kind', 'notice_id', 'account']).doUpdateSet({
        last_viewed_at: at,
        fullname: viewer.fullname,
        opens: sql<number>`notice_staff_views.opens + 1`,
      }),
    )
    .execute();
  // The three fee-notice tables share these columns; one of them types the statement.
  const table = tableOfKind[kind] as 'advance_notices';
  await db
    .updateTable(`${table} as n`)
    .set({
      staff_viewed_by: viewer.fullname || viewer.account,
      staff_viewed_at: at,
      staff_viewers: sql<number>`(select count(*)::int from notice_staff_views v
        where v.kind = ${kind} and v.notice_id = n.id)`,
    })
    .where('n.id', 'in', ids)
    .execute();
}
