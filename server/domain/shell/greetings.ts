import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import type { Language } from '../../i18n';

/**
 * The scrolling greeting of the top bar. The caller's own texts come first; without any, the
 * general ones. One text per user per day, chosen by a hash of account and date so it stays
 * the same all day, on every process, and changes from day to day. In English a general
 * text shows its English; a user's own text is shown as typed.
 */
export async function greetingFor(
  db: Db,
  caller: AuthUser,
  today: string,
  language: Language,
): Promise<string> {
  const rows = await db
    .selectFrom('greetings')
    .select(['text', 'text_en', 'user_id'])
    .where((eb) => eb.or([eb('user_id', '=', caller.id), eb('user_id', 'is', null)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const own = rows.filter((row) => row.user_id === caller.id);
  const pool = own.length > 0 ? own : rows;
  if (pool.length === 0) return '';
  const digest = createHash('sha256').update(`${caller.account}|${today}`).digest();
  const chosen = pool[digest.readUInt32BE(0) % pool.length]!;
  return language === 'en-US' && chosen.text_en ? chosen.text_en : chosen.text;
}
