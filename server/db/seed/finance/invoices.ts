import { sql } from 'kysely';
import type { Db } from '../../database';
import { storeFile } from '../../../domain/files';
import type { FileStorage } from '../../../domain/storage';
import { seedId } from '../ids';
import { invoiceOfd, invoicePdf, invoiceXml, type SampleInvoice } from './invoice-files';
import { financeKinds } from './parties';
import type { RecentWindow } from './prints';
import { businessMoment, insertSelect, noise, seedIdSql } from './sql-kit';

/**
 * Invoices the mall issued for the fee notices of the last 24 settled months: the main item
 * (rent of a lease, promotion service of a joint operation) and the property fee. Every fifth
 * contract month has none yet, so merchants see months without invoices. The files are a
 * small pool of sample invoices (PDF, XML, OFD) shared by all rows: real files, quick to seed.
 */
const samples: SampleInvoice[] = [
  { item: '租金', itemEn: 'Rent' },
  { item: '物业管理费', itemEn: 'Property management' },
  { item: '推广服务费', itemEn: 'Promotion service' },
  { item: '综合服务费', itemEn: 'General service' },
].map((sample, i) => ({
  ...sample,
  number: `2644${String(1_000_001 + i).padStart(16, '0')}`,
  issuedOn: '2026-01-10',
  seller: '海雅商业集团有限公司',
  buyer: '商户（样例）',
  amount: (8_000 + i * 1_250).toFixed(2),
}));

/** The file ids of sample k: pdf, xml, ofd. */
const fileIds = (k: number) =>
  [1, 2, 3].map((part) => seedId(financeKinds.invoiceFile, k * 3 + part));

async function seedInvoiceFiles(db: Db, storage: FileStorage): Promise<void> {
  for (const [k, sample] of samples.entries()) {
    const [pdf, xml, ofd] = fileIds(k);
    const name = `电子发票-${sample.number}`;
    await storeFile(db, storage, { id: pdf!, name: `${name}.pdf`, bytes: invoicePdf(sample) });
    await storeFile(db, storage, { id: xml!, name: `${name}.xml`, bytes: invoiceXml(sample) });
    await storeFile(db, storage, { id: ofd!, name: `${name}.ofd`, bytes: invoiceOfd(sample) });
  }
}

export async function seedInvoices(db: Db, storage: FileStorage, window: RecentWindow) {
  await seedInvoiceFiles(db, storage);
  const pick = (part: number) =>
    sql`(${sql`array[${sql.join(samples.map((_, k) => fileIds(k)[part]!))}]::text[]`})[1 + ${noise(samples.length, 601, sql`nt.seq`, sql`nt.mi`)}]`;
  const notices = sql`(
    select n.contract_id, n.store_code, n.merchant_code, n.contract_no, n.brand, n.accountant_name,
      n.month, n.promotion_fee as main_amount, '推广服务费' as main_item, n.property_fee
    from joint_fee_notices n
    union all
    select n.contract_id, n.store_code, n.merchant_code, n.contract_no, n.brand, n.accountant_name,
      n.month, n.rent, '租金', n.property_fee
    from lease_fee_notices n
  )`;
  await insertSelect(
    db,
    'invoices',
    {
      id: seedIdSql(financeKinds.invoice, sql`(nt.seq * 10000 + nt.mi) * 2 + it.k`),
      contract_id: sql`nt.contract_id`,
      store_code: sql`nt.store_code`,
      merchant_code: sql`nt.merchant_code`,
      contract_no: sql`nt.contract_no`,
      brand: sql`nt.brand`,
      accountant_name: sql`nt.accountant_name`,
      invoice_month: sql`nt.month`,
      fee_item: sql`it.item`,
      amount: sql`it.amount`,
      pdf_file_id: pick(0),
      xml_file_id: pick(1),
      ofd_file_id: pick(2),
      issued_at: sql`least(${businessMoment(sql`nt.month + interval '1 month'`, sql`9`, sql`600`, window.timeZone)}, ${window.now}::timestamptz)`,
    },
    sql`(
        select x.*, right(x.contract_id, 9)::int as seq,
          (extract(year from x.month)::int - 1900) * 12 + extract(month from x.month)::int - 1 as mi
        from ${notices} x
        where x.month >= ${window.recentMonth}::date and x.month < ${window.currentMonth}::date
      ) nt
      cross join lateral (
        values (0, nt.main_item, nt.main_amount), (1, '物业管理费', nt.property_fee)
      ) as it(k, item, amount)
      where mod(nt.mi + nt.seq, 5) <> 0`,
  );
}
