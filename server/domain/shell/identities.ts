import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';

/**
 * Numbering rules (流水号) and their counters: the portal's next-id-by-alias call
 * (spec/workflow-office.md 7.4). A rule's regulation holds {yyyy}, {MM}, {dd} and {NO}; the
 * counter starts again from init_value when the period of gen_type changes (1 daily,
 * 2 monthly, 3 yearly; 0 never). One UPDATE ... RETURNING takes the next value: PostgreSQL
 * locks the rule's row for it, so callers at the same moment on any process never share a
 * number.
 */

/** The period a gen_type counts in, as the first characters of 'YYYY-MM-DD' that must match. */
const periodLength: Record<number, number> = { 0: 0, 1: 10, 2: 7, 3: 4 };

export function formatIdentity(
  regulation: string,
  value: number,
  length: number,
  today: string,
): string {
  const [year = '', month = '', day = ''] = today.split('-');
  return regulation
    .replaceAll('{yyyy}', year)
    .replaceAll('{MM}', month)
    .replaceAll('{dd}', day)
    .replaceAll('{NO}', String(value).padStart(length, '0'));
}

/** Takes the next number of the rule with that alias; 404 for an unknown alias. */
export async function nextIdByAlias(db: Db, alias: string, today: string): Promise<string> {
  const rule = await db
    .selectFrom('sys_identities')
    .select('gen_type')
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (!rule) throw notFound('server:specRows.identityNotFound');
  const keep = periodLength[rule.gen_type] ?? 0;
  // A new period (or a first use) starts from init_value; else the counter moves by step.
  const samePeriod =
    keep === 0
      ? sql<boolean>`cur_value is not null`
      : sql<boolean>`cur_value is not null and cur_date is not null
          and left(cur_date::text, ${keep}) = left(${today}, ${keep})`;
  const taken = await db
    .updateTable('sys_identities')
    .set({
      cur_value: sql<number>`case when ${samePeriod} then cur_value + step else init_value end`,
      cur_date: today,
    })
    .where('alias', '=', alias)
    .returning(['regulation', 'cur_value', 'no_length'])
    .executeTakeFirstOrThrow();
  return formatIdentity(taken.regulation, Number(taken.cur_value), taken.no_length, today);
}
