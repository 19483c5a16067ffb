import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import type { Language } from '../../../src/core/languages';
import { viewableBy } from '../workflow/access';
import { flowName } from '../workflow/queries/names';
import { financeScope, type FinanceScope } from '../finance/scope';
import { dictionary } from '../forms/dictionaries';
import { bookingForm, bookingsOf } from '../widgets/meeting-bookings';

/** How a chart field's condition values are typed and checked. */
/** A column's type; `month` is a `YYYY-MM` text, compared as text (it sorts as months do). */
export type FieldType = 'varchar' | 'number' | 'date' | 'month';

/**
 * A named chart query: the columns it answers (name and type) and its rows as a subquery,
 * already limited to what the caller may see. Conditions and sorting are applied around it
 * by the runner (run.ts), on these column names only; nothing of a request becomes SQL.
 */
export interface ChartQuery {
  fields: Record<string, FieldType>;
  source: (db: Db, caller: AuthUser, language: Language) => Promise<RawBuilder<unknown>>;
}

const never = sql<SqlBool>`false`;
const always = sql<SqlBool>`true`;

/**
 * Finance charts are aggregates: a merchant sees their own unit only, the store role its
 * stores, other staff (and the admin) every store (docs/charts.md, "Scope").
 */
function aggregateScope(scope: FinanceScope, merchant: string, store: string) {
  if (scope.everything) return always;
  if (scope.vendorCode) return sql<SqlBool>`${sql.ref(merchant)} = ${scope.vendorCode}`;
  if (scope.storeRole) {
    return scope.storeCodes.length
      ? sql<SqlBool>`${sql.ref(store)} in (${sql.join(scope.storeCodes)})`
      : never;
  }
  return always;
}

/** The store's name (table `st`) in the reader's language, as the finance lists give it. */
const storeNameIn = (language: Language) =>
  language === 'en-US' ? sql`coalesce(nullif(st.name_en, ''), st.name)` : sql`st.name`;

/** Monthly sales per store, from the brand monthly sales of the finance tables. */
const monthlySales: ChartQuery = {
  fields: { month: 'month', monthStart: 'date', store: 'varchar', amount: 'number' },
  source: async (db, caller, language) => {
    const scope = aggregateScope(financeScope(caller), 's.merchant_code', 's.store_code');
    const store = storeNameIn(language);
    return sql`select to_char(s.settle_date, 'YYYY-MM') as "month",
        to_char(s.settle_date, 'YYYY-MM') || '-01' as "monthStart",
        ${store} as "store", round(sum(s.sales_amount), 2) as "amount"
      from brand_monthly_sales s join stores st on st.code = s.store_code
      where ${scope}
      group by to_char(s.settle_date, 'YYYY-MM'), ${store}`;
  },
};

/** Open and finished tasks per flow, over the instances the caller may read (admin: all). */
const tasksByFlow: ChartQuery = {
  fields: { flow: 'varchar', openTasks: 'number', doneTasks: 'number' },
  source: async (_db, caller, language) => {
    const scope = caller.seesEverything ? always : viewableBy(sql.raw('i.id'), caller.id);
    return sql`select (select ${flowName(language, 'm')} from wf_definitions m
          where m.def_key = i.def_key and m.is_main) as "flow",
        count(case when t.state = 'open' then 1 end) as "openTasks",
        count(case when t.state <> 'open' then 1 end) as "doneTasks"
      from wf_tasks t join wf_instances i on i.id = t.inst_id
      where ${scope}
      group by i.def_key`;
  },
};

/** Overdue amounts (dunning notices) by store and floor. */
const overdueByFloor: ChartQuery = {
  fields: { floor: 'varchar', store: 'varchar', total: 'number', notices: 'number' },
  source: async (db, caller, language) => {
    const scope = aggregateScope(financeScope(caller), 'd.merchant_code', 'd.store_code');
    const store = storeNameIn(language);
    return sql`select ${store} || ' ' || d.floor as "floor", ${store} as "store",
        round(sum(d.total), 2) as "total", count(*) as "notices"
      from dunning_notices d join stores st on st.code = d.store_code
      where ${scope}
      group by ${store}, d.floor`;
  },
};

/**
 * Meeting bookings (the online form meetingBooking) and their hours per room: the designated
 * user counts every booking, anyone else the bookings that concern them (booked, hosted or
 * invited to), as their meetings card shows them.
 */
const bookingsByRoom: ChartQuery = {
  fields: { room: 'varchar', bookings: 'number', hours: 'number' },
  source: async (db, caller) => {
    const rooms = await dictionary(db, 'meetingRoom');
    const room = rooms.length
      ? sql`case r.data->>'room' ${sql.join(
          rooms.map((option) => sql`when ${option.value} then ${option.label}`),
          sql` `,
        )} else r.data->>'room' end`
      : sql`r.data->>'room'`;
    const scope = caller.seesEverything ? always : sql<SqlBool>`r.id in (${bookingsOf(caller.id)})`;
    return sql`select ${room} as "room", count(*) as "bookings",
        round(sum(case when r.data->>'hours' ~ '^[0-9]+([.][0-9]+)?$'
          then (r.data->>'hours')::numeric else 0 end), 1) as "hours"
      from form_records r
      where r.form_key = ${bookingForm} and ${scope}
      group by 1`;
  },
};

export const chartQueries: Record<string, ChartQuery> = {
  monthlySales,
  tasksByFlow,
  overdueByFloor,
  bookingsByRoom,
};
