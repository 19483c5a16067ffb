import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { DunningNoticesTable } from '../../db/schema-finance';
import { notFound } from '../../lib/errors';
import type { EdgeContext, EdgeRow } from '../finance/define-query';
import { dateTime } from '../finance/format';
import { staffViewFields } from '../finance/queries/staff-views';
import { overdueScope } from '../finance/queries/overdue';
import { listRows, type BatchDescriptor } from './batch';
import type { Viewer } from './fee-notices';
import { isNoticeMerchant, markViewed, openedOf, recordStaffViews, type Opened } from './marks';
import type { BankAccount } from './settings';

/**
 * The merchant dunning notice (商户催款通知书): the record of spec section 3 with the
 * receiving account of its floor. Its merchant opening it, alone or in a batch, records their
 * first view and time (F_CYR, F_CYSJ), never reset; staff opening it are recorded as staff
 * views and leave the mark alone (issue 36).
 */
type AccountOf = (floor: string) => BankAccount;

const withAccount = (row: EdgeRow, accountOf: AccountOf): EdgeRow => {
  const account = accountOf(String(row.F_LC ?? ''));
  return { ...row, F_SKHM: account.name, F_KHYH: account.bank, F_YHZH: account.number };
};

/** The same fields, formatted the same way, as the overdue list's rows. */
function dunningRecord(
  row: Selectable<DunningNoticesTable> & { store_name: string },
  context: EdgeContext,
): EdgeRow {
  return {
    ID_: row.id,
    FDMC: row.store_name,
    STORE_CODE: row.store_code,
    F_GYSDM: row.merchant_code,
    F_HTH: row.contract_no,
    F_GYSMC: row.merchant_name,
    F_PPMC: row.brand,
    F_JZRQ: row.cutoff_date,
    F_JYQK: row.operating_arrears,
    F_JYQK_WYJ: row.operating_penalty,
    F_JKYQ_WYJ: row.late_penalty,
    F_QKWYJHJ: row.total,
    F_BZ: row.remark,
    F_SJHM: row.recon_phone,
    F_LC: row.floor,
    F_kjry: row.bookkeeper_name,
    F_CONFIRM_DATE: dateTime(row.uploaded_at, context.timeZone),
    F_CYR: row.viewed_by ?? '',
    F_CYSJ: dateTime(row.viewed_at, context.timeZone),
    ...staffViewFields(row, context.timeZone),
  };
}

async function visibleNotice(db: Db, id: string, viewer: Viewer) {
  return db
    .selectFrom('dunning_notices as o')
    .innerJoin('stores as s', 's.code', 'o.store_code')
    .selectAll('o')
    .select('s.name as store_name')
    .where('o.id', '=', id)
    .where(overdueScope(viewer.scope))
    .executeTakeFirst();
}

/** 404 for a notice that does not exist or that the viewer may not see (the same answer). */
export async function locateDunning(db: Db, id: string, viewer: Viewer): Promise<void> {
  if (!(await visibleNotice(db, id, viewer))) throw notFound('print:errors.dunningNotFound');
}

export async function printDunning(
  db: Db,
  id: string,
  viewer: Viewer,
  accountOf: AccountOf,
  context: EdgeContext,
): Promise<{ record: EdgeRow; opened: Opened }> {
  const notice = await visibleNotice(db, id, viewer);
  if (!notice) throw notFound('print:errors.dunningNotFound');
  const merchant = isNoticeMerchant(viewer.scope.vendorCode, notice.merchant_code);
  let marked = 0;
  if (merchant) marked = await markViewed(db, [id], viewer.account, viewer.now);
  else await recordStaffViews(db, 'dunning', [id], staffOf(viewer), viewer.now);
  // Read again after marking: the mark shown is the one stored, whichever open won.
  const row = merchant ? await visibleNotice(db, id, viewer) : notice;
  if (!row) throw notFound('print:errors.dunningNotFound');
  return {
    record: withAccount(dunningRecord(row, context), accountOf),
    opened: openedOf(merchant ? 1 : 0, merchant ? 0 : 1, marked),
  };
}

const staffOf = (viewer: Viewer) => ({ account: viewer.account, fullname: viewer.scope.fullname });

/** Every notice of the overdue list's query, in list order, each marked viewed once. */
export async function printDunnings(
  db: Db,
  descriptor: BatchDescriptor,
  viewer: Viewer,
  accountOf: AccountOf,
  context: EdgeContext,
): Promise<{ rows: EdgeRow[]; opened: Opened }> {
  const rows = await listRows(db, descriptor.parsed, viewer.scope, context);
  const mine = (row: EdgeRow) => isNoticeMerchant(viewer.scope.vendorCode, row.F_GYSDM);
  const others = rows.filter((row) => !mine(row)).map((row) => String(row.ID_));
  await recordStaffViews(db, 'dunning', others, staffOf(viewer), viewer.now);
  const pending = rows.filter((row) => mine(row) && !row.F_CYSJ).map((row) => String(row.ID_));
  const marked = await markViewed(db, pending, viewer.account, viewer.now);
  const stored =
    pending.length === 0
      ? []
      : await db
          .selectFrom('dunning_notices')
          .select(['id', 'viewed_by', 'viewed_at'])
          .where('id', 'in', pending)
          .execute();
  const byId = new Map(stored.map((row) => [row.id, row]));
  const printed = rows.map((row) => {
    const mark = byId.get(String(row.ID_));
    const viewed = mark
      ? { ...row, F_CYR: mark.viewed_by ?? '', F_CYSJ: dateTime(mark.viewed_at, context.timeZone) }
      : row;
    return withAccount(viewed, accountOf);
  });
  return { rows: printed, opened: openedOf(rows.length - others.length, others.length, marked) };
}
