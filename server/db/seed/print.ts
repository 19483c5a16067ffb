import { timeZoneFrom } from '../../config';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../database';
import { storeFile } from '../../domain/files';
import { printSettingKeys, type BankAccounts } from '../../domain/print/settings';
import type { FileStorage } from '../../domain/storage';
import { storePhones } from './finance/names';
import { seedId } from './ids';

/**
 * What the printed dunning notices take from the server: the receiving bank accounts by
 * floor (spec: L2 or L3 one account, every other floor another; the real values are not in
 * the spec, these are the demo's) and the company seal (assets/seal.png, drawn by
 * print-assets.ts). The seal is a private file: only print answers carry it.
 *
 * The finance seed issues dunning notices quarterly, so every contract has a multiple of
 * four; the batch views are also shown with a run of monthly reminders: six notices for
 * one contract of SZHY10002 that has none, a batch of three printed pages.
 */
export const demoBankAccounts: BankAccounts = {
  byFloor: [
    {
      floors: ['L2', 'L3'],
      account: {
        name: '深圳市海雅商业有限公司',
        bank: '中国工商银行深圳宝安支行',
        number: '4000 0213 0920 0168 888',
      },
    },
  ],
  otherFloors: {
    name: '深圳市海雅商业有限公司',
    bank: '招商银行深圳分行营业部',
    number: '7559 0263 5210 666',
  },
};

export const sealFileId = seedId(80, 1);

/** The last day of each of the `count` months before today's month, oldest first. */
function monthEnds(today: string, count: number): string[] {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const month = index - count + i;
    const end = new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0));
    return end.toISOString().slice(0, 10);
  });
}

async function seedMonthlyReminders(db: Db, today: string, timeZone: string): Promise<void> {
  const contract = await db
    .selectFrom('contracts as c')
    .innerJoin('merchants as m', 'm.code', 'c.merchant_code')
    .innerJoin('brands as b', 'b.id', 'c.brand_id')
    .select(['c.id', 'c.number', 'c.store_code', 'c.merchant_code', 'c.floor'])
    .select(['c.bookkeeper_name', 'c.liaison_mobile', 'm.name as merchant_name', 'b.name as brand'])
    .where('c.merchant_code', '=', '10002')
    .orderBy(sql`exists (select 1 from dunning_notices d where d.contract_id = c.id)`)
    .orderBy('c.number')
    .executeTakeFirst();
  if (!contract) return;
  const rows = monthEnds(today, 6).map((cutoff, i) => {
    const arrears = 3000 + 1250 * i + ((i * 37) % 100) / 100;
    const penalty = Math.round(arrears * 1.5) / 100;
    const late = i % 2 === 1 ? 150 + 20 * i : 0;
    return {
      id: seedId(80, 101 + i),
      contract_id: contract.id,
      store_code: contract.store_code,
      contract_no: contract.number,
      merchant_code: contract.merchant_code,
      merchant_name: contract.merchant_name,
      brand: contract.brand,
      floor: contract.floor,
      cutoff_date: cutoff,
      operating_arrears: arrears,
      operating_penalty: penalty,
      late_penalty: late,
      total: Math.round((arrears + penalty + late) * 100) / 100,
      remark: late > 0 ? '上月款项逾期，已计违约金' : '月度催缴，请于7日内缴清',
      recon_phone: storePhones[contract.store_code] ?? contract.liaison_mobile,
      bookkeeper_name: contract.bookkeeper_name,
      // Uploaded three days after the cut-off, at 10:00 in the business time zone.
      uploaded_at: sql<Date>`(${cutoff}::date + 3 + time '10:00') at time zone ${timeZone}`,
    };
  });
  await db.insertInto('dunning_notices').values(rows).execute();
}

/** `today`: the business day the demo's dates follow (seedDemo's). */
export async function seedPrint(db: Db, storage: FileStorage, today: string): Promise<void> {
  const bytes = await readFile(fileURLToPath(new URL('./assets/seal.png', import.meta.url)));
  await storeFile(db, storage, { id: sealFileId, name: '财务专用章.png', bytes, public: false });
  await db
    .insertInto('system_settings')
    .values([
      { key: printSettingKeys.bankAccounts, value: JSON.stringify(demoBankAccounts) },
      { key: printSettingKeys.seal, value: JSON.stringify({ fileId: sealFileId }) },
    ])
    .execute();
  await seedMonthlyReminders(db, today, timeZoneFrom(process.env));
}
