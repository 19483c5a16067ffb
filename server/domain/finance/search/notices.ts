import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database';
import { notFound } from '../../../lib/errors';
import type { EdgeContext, EdgeRow } from '../define-query';
import { feeNoticeRow } from '../queries/fee-notices';
import { statementScope, type FinanceScope } from '../scope';

/**
 * One joint-operation notice (searchLYJKD) or lease notice (searchZLTZD) by vendor code,
 * contract number and month. The vendor code comes from the client, so it only narrows: the
 * notice must also lie within the caller's statement scope, else 404.
 */
export interface NoticeKey {
  vendorCode: string;
  contractNo: string;
  /** 'YYYY-MM'. */
  month: string;
}

const scopeColumns = {
  merchant: 'n.merchant_code',
  accountant: 'n.accountant_name',
};

export async function searchFeeNotice(
  db: Db,
  kind: 'joint' | 'lease',
  key: NoticeKey,
  scope: FinanceScope,
  context: EdgeContext,
): Promise<EdgeRow> {
  const matches = sql<SqlBool>`n.merchant_code = ${key.vendorCode}
    and n.contract_no = ${key.contractNo}
    and n.month = ${`${key.month}-01`}::date
    and ${statementScope(scope, scopeColumns)}`;
  const row =
    kind === 'joint'
      ? await db
          .selectFrom('joint_fee_notices as n')
          .innerJoin('stores as s', 's.code', 'n.store_code')
          .selectAll('n')
          .select(['s.name as store_name', 's.name_en as store_name_en'])
          .where(matches)
          .executeTakeFirst()
      : await db
          .selectFrom('lease_fee_notices as n')
          .innerJoin('stores as s', 's.code', 'n.store_code')
          .selectAll('n')
          .select(['s.name as store_name', 's.name_en as store_name_en'])
          .where(matches)
          .executeTakeFirst();
  if (!row) throw notFound('server:finance.noticeNotFound');
  return feeNoticeRow(row, kind, context);
}
