import { sql, type Kysely } from 'kysely';

/** The seeded monthly sales chart (its id when this was written: frozen). */
const monthlySalesChart = '1700000080000000001';

/**
 * The monthly sales chart's month range picks months (2026-01 to 2026-06), over its month
 * column, where it picked days of the month's first-day column. Only where the condition is
 * still the seeded one: a chart an administrator has changed keeps its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const seeded = '"field":"monthStart","comment":"月份","commentEn":"Month","dbType":"date"';
  const months = '"field":"month","comment":"月份","commentEn":"Month","dbType":"month"';
  await sql`
    update custom_charts set conditionfield = replace(conditionfield, ${seeded}, ${months})
    where id = ${monthlySalesChart}`.execute(db);
}
