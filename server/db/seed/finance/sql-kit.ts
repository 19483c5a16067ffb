import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../database';
import type { Database } from '../../schema';

/**
 * Bulk demo rows are generated inside the database with `insert ... select` over
 * generate_series: a million statement rows take seconds instead of minutes of client-side
 * inserts. Randomness comes from integer hashing of row keys (never random()), so every run,
 * on PGlite and PostgreSQL alike, produces the same rows.
 */

type Sql = RawBuilder<unknown>;

const modulus = 2147483647;

/** An integer in [0, range) that depends only on the salt and the keys. */
export function noise(range: number, salt: number, ...keys: Sql[]): Sql {
  let hash: Sql = sql`${sql.lit(salt + 1)}::bigint`;
  for (const key of [...keys, sql.lit(salt)]) {
    hash = sql`mod((${hash} * 31 + (${key})::bigint) * 48271, ${sql.lit(modulus)})`;
  }
  return sql`mod(mod(${hash} * 48271, ${sql.lit(modulus)}), ${sql.lit(range)})`;
}

/** seedId(kind, n) in SQL: the same 19-digit text ids the TypeScript seed makes. */
export function seedIdSql(kind: number, n: Sql): Sql {
  return sql`(${sql.lit(String(1_700_000_000 + kind))} || lpad((${n})::text, 9, '0'))`;
}

/** A per-(contract, month) id: stable whatever the scale, since mi counts from 1900. */
export const monthlyId = (kind: number, alias: string) =>
  seedIdSql(kind, sql`${sql.ref(`${alias}.seq`)} * 10000 + ${sql.ref(`${alias}.mi`)}`);

/** Shop sales swing with the season: Spring Festival, May Day, National Day, year end. */
export const seasonOf = (month: Sql) =>
  sql`(array[1.25, 1.10, 0.90, 0.92, 1.02, 0.98, 1.00, 1.03, 0.95, 1.12, 1.18, 1.30])[extract(month from ${month})::int]`;

/**
 * Every contract for every month from `first` on (`count` months), with the brand name, the
 * merchant's name and contact, and two integer keys for noise(): seq (the contract's seed
 * number) and mi (months since 1900).
 */
export function contractMonths(first: string, count: number): Sql {
  return sql`(
    select x.*, (extract(year from x.month)::int - 1900) * 12 + extract(month from x.month)::int - 1 as mi
    from (
      select c.*, right(c.id, 9)::int as seq, b.name as brand_name, m.name as merchant_name,
        m.contact_name as merchant_contact, m.contact_mobile as merchant_mobile,
        (${first}::date + make_interval(months => g.i))::date as month
      from contracts c
      join brands b on b.id = c.brand_id
      join merchants m on m.code = c.merchant_code
      cross join generate_series(0, ${count - 1}::int) as g(i)
    ) x
  )`;
}

/**
 * `cross join lateral (select value as column, ...) alias`, computed once per row: without
 * the `offset 0` fence the planner inlines the columns into every expression that uses them,
 * and totals built from totals would evaluate each hashed fee many times over.
 */
export function computed(alias: string, values: Record<string, Sql>): Sql {
  const columns = sql.join(
    Object.entries(values).map(([column, value]) => sql`${value} as ${sql.ref(column)}`),
  );
  return sql`cross join lateral (select ${columns} offset 0) as ${sql.ref(alias)}`;
}

export type ColumnValues<T extends keyof Database> = Partial<
  Record<Extract<keyof Database[T], string>, Sql>
>;

/** `insert into table (columns) select values from source`, columns checked against the schema. */
export async function insertSelect<T extends keyof Database>(
  db: Db,
  table: T,
  values: ColumnValues<T>,
  source: Sql,
): Promise<void> {
  const entries = Object.entries(values) as [string, Sql][];
  const columns = sql.join(entries.map(([column]) => sql.ref(column)));
  const selected = sql.join(entries.map(([column, value]) => sql`${value} as ${sql.ref(column)}`));
  await sql`insert into ${sql.table(table)} (${columns}) select ${selected} from ${source}`.execute(
    db,
  );
}

/** A business-time-zone wall clock moment as timestamptz: `date + days + hour:minute`. */
export function businessMoment(date: Sql, days: Sql, minutes: Sql, timeZone: string): Sql {
  return sql`((${date})::timestamp + make_interval(days => (${days})::int, mins => (${minutes})::int)) at time zone ${timeZone}`;
}
