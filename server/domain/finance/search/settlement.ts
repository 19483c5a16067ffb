import type { Db } from '../../../db/database';
import { notFound } from '../../../lib/errors';
import type { InvoicingView, SettlementView } from '../../../../src/contract/print';
import { yearMonth } from '../format';
import { paymentRequestScope, type FinanceScope } from '../scope';

/**
 * The settlement statement (searchDJH) and its invoicing confirmation (searchFPQRD) by
 * record number (JLBH, sent as DJBH), with the payment request statement's scope: a number
 * the caller may not see answers 404, exactly like one that does not exist.
 */
export interface StatementKey {
  recordNo: string;
  /** The accounting mode (HSFS), when the caller names it. */
  mode?: string;
}

/** A column's total in cents, so the sum of two-decimal amounts stays exact. */
function total<T>(lines: T[], pick: (line: T) => number): number {
  return Math.round(lines.reduce((sum, line) => sum + Math.round(pick(line) * 100), 0)) / 100;
}

async function visibleStatement(db: Db, key: StatementKey, scope: FinanceScope) {
  let query = db
    .selectFrom('settlement_statements as t')
    .innerJoin('stores as s', 's.code', 't.store_code')
    .innerJoin('contracts as c', 'c.id', 't.contract_id')
    .selectAll('t')
    .select(['s.name as store_name', 'c.starts_on', 'c.ends_on'])
    .where('t.record_no', '=', key.recordNo)
    .where(
      paymentRequestScope(scope, {
        merchant: 't.merchant_code',
        accountant: 't.accountant_name',
      }),
    );
  if (key.mode) query = query.where('t.accounting_mode', '=', key.mode);
  return query.executeTakeFirst();
}

/** The statement as its print view answers it (the contract's fkqkd document). */
export type SettlementAnswer = SettlementView;

export async function searchSettlement(
  db: Db,
  key: StatementKey,
  scope: FinanceScope,
): Promise<SettlementAnswer> {
  const statement = await visibleStatement(db, key, scope);
  if (!statement) throw notFound('server:finance.statementNotFound');
  const lines = await db
    .selectFrom('settlement_fee_lines')
    .selectAll()
    .where('statement_id', '=', statement.id)
    .orderBy('line_no')
    .execute();
  return {
    header: {
      JLBH: statement.record_no,
      HSFS: statement.accounting_mode,
      FDNAME: statement.store_name,
      DEPT_NAME: statement.department,
      YEARMONTH: yearMonth(statement.month),
      NAME: statement.merchant_name,
      WLDW: statement.merchant_code,
      PP: statement.brand,
      HTH: statement.contract_no,
      ZKFTJE: statement.discount_shared,
      FKTS: statement.pay_days,
      JSJE: statement.settle_amount,
      KKJE_FY: statement.fee_deductions,
      FKJE: statement.pay_amount,
      YFJE: statement.payable,
      ZDRQ: statement.made_on,
      YWSHRMC: statement.reviewer_name,
    },
    lines: lines.map((line) => ({
      INX: line.line_no,
      SFXMMC: line.item_name,
      XSJE: line.sales_amount,
      KKJE: line.deduction,
      YSJE: line.receivable,
      BZ: line.remark,
    })),
    term: { start: statement.starts_on, end: statement.ends_on },
    date: statement.statement_date,
    totals: {
      XSJE: total(lines, (line) => line.sales_amount),
      KKJE: total(lines, (line) => line.deduction),
      YSJE: total(lines, (line) => line.receivable),
    },
  };
}

/** The confirmation as its print view answers it (the contract's kpqrd document). */
export type ConfirmationAnswer = InvoicingView;

export async function searchConfirmation(
  db: Db,
  key: StatementKey,
  scope: FinanceScope,
): Promise<ConfirmationAnswer> {
  const statement = await visibleStatement(db, key, scope);
  const confirmation = statement
    ? await db
        .selectFrom('invoice_confirmations')
        .selectAll()
        .where('statement_id', '=', statement.id)
        .executeTakeFirst()
    : undefined;
  if (!statement || !confirmation) throw notFound('server:finance.confirmationNotFound');
  const lines = await db
    .selectFrom('invoice_confirmation_lines')
    .selectAll()
    .where('statement_id', '=', statement.id)
    .orderBy('line_no')
    .execute();
  return {
    header: {
      JLBH: statement.record_no,
      HSFS: statement.accounting_mode,
      FDNAME: statement.store_name,
      YEARMONTH: yearMonth(statement.month),
      GHDW: confirmation.supplier_name,
      WLDW: statement.merchant_code,
      PP: confirmation.brand,
      HTH: confirmation.contract_no,
      BDXSJH: confirmation.guaranteed_sales,
      JSKL_HT: confirmation.contract_rate,
      VIPZKJE: confirmation.vip_discount,
      KKJE: confirmation.deduction,
      HTXS: confirmation.taxed_sales,
    },
    adjustments: {
      BTX: confirmation.subsidy,
      BDQS: confirmation.guarantee_shortfall,
      QCJK: confirmation.prior_arrears,
      HTJK: confirmation.contract_deduction,
      JZBC: confirmation.settlement_adjust,
      HYCD: confirmation.member_discount,
      JFJC: confirmation.points_bonus,
      SPTG: confirmation.product_promotion,
      HDJC: confirmation.promo_bonus,
      KPJE: confirmation.invoice_amount,
      JSJE: confirmation.settle_amount,
    },
    contact: { DYR: confirmation.contact_name, LXDH: confirmation.contact_phone },
    lines: lines.map((line) => ({
      INX: line.line_no,
      XSJE: line.sales_amount,
      KKJE: line.deduction,
      BZ: line.remark,
    })),
    totals: {
      XSJE: total(lines, (line) => line.sales_amount),
      KKJE: total(lines, (line) => line.deduction),
    },
  };
}
