import type { Db } from '../../db/database';

/** The marquee of the home page: notices running today, in order. */
export async function runningNotices(db: Db, today: string) {
  const rows = await db
    .selectFrom('enterprise_notices')
    .select(['id', 'text'])
    .where('starts_on', '<=', today)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, showInfo: row.text }));
}
