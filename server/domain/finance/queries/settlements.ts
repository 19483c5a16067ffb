import type { Db } from '../../../db/database';
import { defineQuery } from '../define-query';
import { storeName, yearMonth } from '../format';
import { paymentRequestScope } from '../scope';
import {
  identitySortable,
  statementColumns,
  statementFilters,
  statementWhere,
} from './statement-common';

/**
 * Payment request (settlement) statements, page fkqkd. A merchant always sees only their
 * own unit here, whatever else they may hold (spec section 6).
 */
export const settlementStatements = defineQuery({
  name: 'statement.fkqkd',
  filters: statementFilters,
  from: (db: Db) =>
    db.selectFrom('settlement_statements as t').innerJoin('stores as s', 's.code', 't.store_code'),
  mainTable: ['settlement_statements', 't'],
  select: (query) =>
    query.selectAll('t').select(['s.name as store_name', 's.name_en as store_name_en']),
  where: (filters) => statementWhere('t', filters),
  scope: (scope) => paymentRequestScope(scope, statementColumns('t')),
  sortable: {
    ...identitySortable('t'),
    JLBH: 't.record_no',
    HSFS: 't.accounting_mode',
    YEARMONTH: 't.month',
    WLDW_NAME: 't.merchant_name',
    PP: 't.brand',
    JSJE: 't.settle_amount',
    KKJE: 't.fee_deductions',
    FKJE: 't.pay_amount',
  },
  defaultOrder: [
    { field: 'YEARMONTH', direction: 'desc' },
    { field: 'JLBH', direction: 'asc' },
  ],
  tiebreakers: ['t.id'],
  toRow: (row, context) => ({
    ID: row.id,
    JLBH: row.record_no,
    HSFS: row.accounting_mode,
    STORE_CODE: row.store_code,
    FDMC: storeName(row, context),
    YEARMONTH: yearMonth(row.month),
    HTH: row.contract_no,
    WLDW: row.merchant_code,
    WLDW_NAME: row.merchant_name,
    PP: row.brand,
    DEPT_NAME: row.department,
    JSJE: row.settle_amount,
    ZKFTJE: row.discount_shared,
    KKJE: row.fee_deductions,
    YFJE: row.payable,
    FKJE: row.pay_amount,
    FKTS: row.pay_days,
    ZDRQ: row.made_on,
    YWSHRMC: row.reviewer_name,
  }),
});
