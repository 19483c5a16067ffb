import { pinyin } from 'pinyin-pro';
import type { Db } from '../../db/database';

/**
 * A name's pinyin, for searching the directory by "ly" or "liuyang" (刘洋). Surnames are
 * read as surnames (单 is shan, not dan); letters and digits in the name are kept as they
 * are, lower-cased. Computed here rather than in the browser: the dictionary is large, and
 * the search runs in SQL over every person.
 */
export function nameSpellings(fullname: string): { initials: string; pinyin: string } {
  const syllables = pinyin(fullname, {
    toneType: 'none',
    type: 'array',
    surname: 'head',
    nonZh: 'consecutive',
  })
    .map((syllable) => syllable.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return {
    initials: syllables.map((syllable) => syllable[0]).join(''),
    pinyin: syllables.join(''),
  };
}

/** Fills the spellings of users that have none yet (new accounts, a migrated database). */
export async function fillNameSpellings(db: Db): Promise<number> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'fullname'])
    .where('name_pinyin', '=', '')
    .where('fullname', '<>', '')
    .execute();
  for (const user of users) {
    const spelling = nameSpellings(user.fullname);
    if (!spelling.pinyin) continue;
    await db
      .updateTable('users')
      .set({ name_initials: spelling.initials, name_pinyin: spelling.pinyin })
      .where('id', '=', user.id)
      .execute();
  }
  return users.length;
}
