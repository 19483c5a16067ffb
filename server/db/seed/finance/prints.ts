import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../database';
import { storePhones } from './names';
import type { StatementWindow } from './notices';
import { financeKinds } from './parties';
import {
  businessMoment,
  computed,
  contractMonths,
  insertSelect,
  noise,
  seedIdSql,
} from './sql-kit';

/**
 * Contract print rows (the dyzl form, with the outcome of the brand and liaison SMS) and
 * merchant dunning notices, over the last 24 months at every scale.
 */
type Sql = RawBuilder<unknown>;
const n = (range: number, salt: number) => noise(range, salt, sql`cm.seq`, sql`cm.mi`);

export interface RecentWindow extends StatementWindow {
  /** First month of the recent 24 ('YYYY-MM-01'). */
  recentMonth: string;
}

const recent = (window: RecentWindow) => contractMonths(window.recentMonth, 25);

/** A print row every third month per contract, and now and then one typed in by hand. */
export async function seedContractPrints(db: Db, window: RecentWindow): Promise<void> {
  const created = businessMoment(
    sql`cm.month`,
    n(28, 401),
    sql`540 + ${n(600, 402)}`,
    window.timeZone,
  );
  const common = {
    store_code: sql`cm.store_code`,
    merchant_name: sql`cm.merchant_name`,
    brand: sql`cm.brand_name`,
    contract_no: sql`cm.number`,
    contact_name: sql`cm.merchant_contact`,
    brand_sms_ok: sql`${n(10, 403)} <> 0`,
    liaison_name: sql`cm.liaison_name`,
    liaison_mobile: sql`cm.liaison_mobile`,
    liaison_sms_ok: sql`${n(12, 404)} <> 0`,
    created_at: sql`t.created_at`,
  };
  const source = (where: Sql) => sql`${recent(window)} as cm
    ${computed('t', { created_at: created })}
    where t.created_at <= ${window.now}::timestamptz and ${where}`;
  await insertSelect(
    db,
    'contract_prints',
    {
      id: seedIdSql(financeKinds.contractPrint, sql`cm.seq * 10000 + cm.mi`),
      contract_id: sql`cm.id`,
      merchant_code: sql`cm.merchant_code`,
      contact_mobile: sql`cm.merchant_mobile`,
      ...common,
    },
    source(sql`mod(cm.mi + cm.seq, 3) = 0`),
  );
  // Typed in without a unit: the vendor code went into the contact mobile field, which is
  // why the merchant scope of the contract list also matches that field.
  await insertSelect(
    db,
    'contract_prints',
    {
      id: seedIdSql(financeKinds.contractPrint, sql`cm.seq * 10000 + cm.mi + 5000`),
      contract_id: sql`null`,
      merchant_code: sql`null`,
      contact_mobile: sql`cm.merchant_code`,
      ...common,
    },
    source(sql`mod(cm.seq, 10) = 1 and mod(cm.mi + cm.seq, 6) = 1`),
  );
}

const phone = sql`case cm.store_code ${sql.join(
  Object.entries(storePhones).map(([code, value]) => sql`when ${code} then ${value}`),
  sql` `,
)} else '' end`;

/** Quarterly dunning notices for every fourth contract (and all of SZHY10001's). */
export async function seedDunningNotices(db: Db, window: RecentWindow): Promise<void> {
  const uploaded = businessMoment(sql`t.cutoff`, sql`3`, sql`600`, window.timeZone);
  const viewed = sql`cm.month < (${window.currentMonth}::date - interval '4 months') and ${n(5, 501)} <> 0`;
  await insertSelect(
    db,
    'dunning_notices',
    {
      id: seedIdSql(financeKinds.dunning, sql`cm.seq * 10000 + cm.mi`),
      contract_id: sql`cm.id`,
      store_code: sql`cm.store_code`,
      contract_no: sql`cm.number`,
      merchant_code: sql`cm.merchant_code`,
      merchant_name: sql`cm.merchant_name`,
      brand: sql`cm.brand_name`,
      floor: sql`cm.floor`,
      cutoff_date: sql`t.cutoff`,
      operating_arrears: sql`a.arrears`,
      operating_penalty: sql`a.penalty`,
      late_penalty: sql`a.late`,
      total: sql`a.arrears + a.penalty + a.late`,
      remark: sql`case when a.late > 0 then '前期款项逾期，已计违约金' else '请于收到通知后7日内缴清' end`,
      recon_phone: phone,
      bookkeeper_name: sql`cm.bookkeeper_name`,
      uploaded_at: uploaded,
      viewed_by: sql`case when ${viewed} then 'SZHY' || cm.merchant_code end`,
      viewed_at: sql`case when ${viewed} then ${uploaded} + make_interval(days => ${n(5, 502)}::int) end`,
    },
    sql`${recent(window)} as cm
      cross join lateral (select (cm.month + interval '1 month' - interval '1 day')::date as cutoff) t
      ${computed('r', { arrears: sql`(2000 + ${n(30000, 503)})::numeric` })}
      ${computed('a', {
        arrears: sql`r.arrears`,
        penalty: sql`round(r.arrears * 0.015, 2)`,
        late: sql`case when ${n(5, 504)} = 0 then (100 + ${n(800, 505)})::numeric else 0 end`,
      })}
      where (mod(cm.seq, 4) = 1 or cm.seq <= 3) and mod(cm.mi, 3) = 2
        and cm.month < ${window.currentMonth}::date`,
  );
}
