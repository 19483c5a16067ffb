import type { Db } from '../../../db/database';
import { statementScope, type FinanceScope } from '../scope';

/**
 * The invoices of one contract and month (getKpmxqk), within the caller's statement scope.
 * Another merchant's contract simply has no invoices for this caller.
 */
export interface InvoiceKey {
  /** The vendor code the client names; only ever narrows the scope. */
  vendorCode: string;
  contractNo: string;
  /** 'YYYY-MM'. */
  month: string;
}

export interface InvoiceDetail {
  f_pp: string;
  f_kpny: string;
  f_fyxm: string;
  f_fyje: number;
  f_pdfwj: string;
  f_xmlwj: string;
  f_ofdwj: string;
}

export async function invoicesOf(
  db: Db,
  key: InvoiceKey,
  scope: FinanceScope,
): Promise<InvoiceDetail[]> {
  let query = db
    .selectFrom('invoices as i')
    .selectAll('i')
    .where('i.contract_no', '=', key.contractNo)
    .where('i.invoice_month', '=', `${key.month}-01`)
    .where(
      statementScope(scope, {
        merchant: 'i.merchant_code',
        accountant: 'i.accountant_name',
      }),
    )
    .orderBy('i.id');
  if (key.vendorCode) query = query.where('i.merchant_code', '=', key.vendorCode);
  const rows = await query.execute();
  return rows.map((row) => ({
    f_pp: row.brand,
    f_kpny: row.invoice_month.slice(0, 7),
    f_fyxm: row.fee_item,
    f_fyje: row.amount,
    f_pdfwj: row.pdf_file_id,
    f_xmlwj: row.xml_file_id,
    f_ofdwj: row.ofd_file_id,
  }));
}
