import { sql } from 'kysely';
import type { NamedQuery } from './registry';

/** A store's city in English, or the Chinese one where it has none. */
const englishCity = sql<string>`coalesce(nullif(city_en, ''), city)`;

/** The group's stores: public knowledge, the same for everyone, in the reader's language. */
export const stores: NamedQuery = {
  name: 'stores',
  filters: { storeName: 'text', city: 'text', storeCode: 'exact' },
  orderBy: { column: 'sort', direction: 'asc' },
  source(ctx) {
    return ctx.db
      .selectFrom('stores')
      .select([
        'id',
        'code as storeCode',
        ctx.language === 'en-US' ? 'name_en as storeName' : 'name as storeName',
        ctx.language === 'en-US' ? englishCity.as('city') : 'city',
        'sort',
      ]);
  },
};

/** The news and announcements the caller has opened, newest reading first. */
export const myNewsReads: NamedQuery = {
  name: 'myNewsReads',
  filters: { title: 'text', readAt: 'date' },
  orderBy: { column: 'readAt', direction: 'desc' },
  source(ctx) {
    return ctx.db
      .selectFrom('news_reads as r')
      .innerJoin('news as n', 'n.id', 'r.news_id')
      .select([
        'n.id',
        'n.title',
        'n.kind',
        'n.drafter',
        sql<string>`to_char(r.read_at at time zone ${ctx.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`.as(
          'readAt',
        ),
      ])
      .where('r.reader', '=', ctx.caller.account);
  },
};
