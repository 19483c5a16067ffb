import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import type { EdgeContext, EdgeRow } from '../finance/define-query';
import { confirmFlag, dateTime } from '../finance/format';
import { statementColumns } from '../finance/queries/statement-common';
import { namedQueries } from '../finance/registry';
import { statementScope, type FinanceScope } from '../finance/scope';
import { searchFeeNotice } from '../finance/search/notices';
import { listRows, type BatchDescriptor } from './batch';
import {
  confirmNotices,
  isNoticeMerchant,
  openedOf,
  recordStaffViews,
  type Opened,
  viewKindOf,
  type NoticeTable,
} from './marks';

/**
 * The three fee notices (advance HT_YJ_TZD, joint-operation HT_LY_JFD, lease HT_ZL_JFD).
 * Their merchant opening one, alone or in a batch, confirms what is not confirmed yet (viewer
 * and time); staff opening them are recorded as staff views and confirm nothing (issue 36).
 * The page shows the stored confirmation time as the upload time (SCSJ).
 */
export type NoticeKind = 'yjftzd' | 'lyfyjsd' | 'zlfymxd';

export const noticeTables: Record<NoticeKind, NoticeTable> = {
  yjftzd: 'advance_notices',
  lyfyjsd: 'joint_fee_notices',
  zlfymxd: 'lease_fee_notices',
};

export interface NoticeKey {
  contractNo: string;
  /** 'YYYY-MM' */
  month: string;
}

export interface Viewer {
  account: string;
  scope: FinanceScope;
  /** One instant per open: every notice confirmed by it carries the same time. */
  now: Date;
}

/** The notice of a contract and month, if the viewer may see it (else 404, like none). */
export async function locateNotice(
  db: Db,
  kind: NoticeKind,
  key: NoticeKey,
  scope: FinanceScope,
): Promise<{ id: string; merchantCode: string }> {
  // The three tables share the identity columns read here; one of them types the query.
  const table = noticeTables[kind] as 'advance_notices';
  const found = await db
    .selectFrom(`${table} as n`)
    .select(['n.id', 'n.merchant_code'])
    .where('n.contract_no', '=', key.contractNo)
    .where('n.month', '=', `${key.month}-01`)
    .where(statementScope(scope, statementColumns('n')))
    .executeTakeFirst();
  if (!found) throw notFound('server:finance.noticeNotFound');
  return { id: found.id, merchantCode: found.merchant_code };
}

/** The upload time: the stored confirmation, or now for a row still unconfirmed. */
const withUploadTime = (row: EdgeRow, now: Date, context: EdgeContext): EdgeRow => ({
  ...row,
  SCSJ: row.CONFIRM_DATE || formatDateTime(now, context.timeZone),
});

/** The advance notice as its list shows it (the list query carries every field). */
async function advanceRow(
  db: Db,
  id: string,
  key: NoticeKey,
  scope: FinanceScope,
  context: EdgeContext,
): Promise<EdgeRow> {
  const query = namedQueries.get('statement.yjfytzd')!;
  const filters = { contract: key.contractNo, startMonth: key.month, endMonth: key.month };
  const answer = await query.run(db, { filters, page: null, sort: [] }, scope, context);
  const row = answer.rows.find((candidate) => candidate.ID === id);
  if (!row) throw notFound('server:finance.noticeNotFound');
  return row;
}

export async function printNotice(
  db: Db,
  kind: NoticeKind,
  key: NoticeKey,
  viewer: Viewer,
  context: EdgeContext,
): Promise<{ row: EdgeRow; opened: Opened }> {
  const { id, merchantCode } = await locateNotice(db, kind, key, viewer.scope);
  const merchant = isNoticeMerchant(viewer.scope.vendorCode, merchantCode);
  const table = noticeTables[kind];
  let confirmed = 0;
  if (merchant) confirmed = await confirmNotices(db, table, [id], viewer.account, viewer.now);
  else await recordStaffViews(db, viewKindOf[table], [id], staff(viewer), viewer.now);
  const row =
    kind === 'yjftzd'
      ? await advanceRow(db, id, key, viewer.scope, context)
      : await searchFeeNotice(
          db,
          kind === 'lyfyjsd' ? 'joint' : 'lease',
          { vendorCode: merchantCode, ...key },
          viewer.scope,
          context,
        );
  return {
    row: withUploadTime(row, viewer.now, context),
    opened: openedOf(merchant ? 1 : 0, merchant ? 0 : 1, confirmed),
  };
}

/** The viewer as their staff view records them. */
const staff = (viewer: Viewer) => ({ account: viewer.account, fullname: viewer.scope.fullname });

/**
 * Every notice of the list's query, in list order, the unconfirmed ones confirmed now. The
 * rows were read before the confirmation; those that were unconfirmed are read again, so
 * each shows what is stored (the first confirmation, whoever made it).
 */
export async function printNotices(
  db: Db,
  kind: NoticeKind,
  descriptor: BatchDescriptor,
  viewer: Viewer,
  context: EdgeContext,
): Promise<{ rows: EdgeRow[]; opened: Opened }> {
  const rows = await listRows(db, descriptor.parsed, viewer.scope, context);
  const table = noticeTables[kind];
  const mine = (row: EdgeRow) => isNoticeMerchant(viewer.scope.vendorCode, row.WLDW);
  const others = rows.filter((row) => !mine(row)).map((row) => String(row.ID));
  await recordStaffViews(db, viewKindOf[table], others, staff(viewer), viewer.now);
  const pending = rows.filter((row) => mine(row) && !row.CONFIRM_DATE).map((row) => String(row.ID));
  const confirmed = await confirmNotices(db, table, pending, viewer.account, viewer.now);
  const stored =
    pending.length === 0
      ? []
      : await db
          .selectFrom(table)
          .select(['id', 'confirm_date', 'confirmed_by'])
          .where('id', 'in', pending)
          .execute();
  const byId = new Map(stored.map((row) => [row.id, row]));
  const printed = rows.map((row) => {
    const now = byId.get(String(row.ID));
    const updated = now
      ? {
          ...row,
          CONFIRM: confirmFlag(now.confirm_date),
          CONFIRM_DATE: dateTime(now.confirm_date, context.timeZone),
          CONFIRM_BY: now.confirmed_by ?? '',
        }
      : row;
    return withUploadTime(updated, viewer.now, context);
  });
  return { rows: printed, opened: openedOf(rows.length - others.length, others.length, confirmed) };
}
