import type { Db } from '../../db/database';
import type { Language } from '../../../src/core/languages';

/**
 * The marquee of the home page: notices running today, in order, in the reader's language
 * (the English text when the notice has one, else the Chinese).
 */
export async function runningNotices(db: Db, today: string, language?: Language) {
  const rows = await db
    .selectFrom('enterprise_notices')
    .select(['id', 'text', 'text_en'])
    .where('starts_on', '<=', today)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    showInfo: (language === 'en-US' && row.text_en) || row.text,
  }));
}
