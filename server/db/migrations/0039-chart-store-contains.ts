import { sql, type Kysely } from 'kysely';

/** The seeded monthly sales chart (its id when this was written: frozen). */
const monthlySalesChart = '1700000080000000001';

/**
 * The monthly sales chart finds a store by part of its name (宝安 finds 海雅百货宝安店): its
 * store condition becomes LK where it is still the seeded EQ. A chart an administrator has
 * changed since keeps its own condition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const seeded =
    '"field":"store","comment":"门店","commentEn":"Store","dbType":"varchar","condition":"EQ"';
  const contains = seeded.replace('"EQ"', '"LK"');
  await sql`
    update custom_charts set conditionfield = replace(conditionfield, ${seeded}, ${contains})
    where id = ${monthlySalesChart}`.execute(db);
}
