import { sql, type Kysely } from 'kysely';

/**
 * A store's city in English (empty: the Chinese city is shown), so the merchant's store table
 * and the About page read in English; the demo's four cities are given theirs, where a store
 * still has the city it was seeded with. Written out, so this migration never changes.
 */
const seededCities = [
  { code: 'S01', city: '深圳', cityEn: 'Shenzhen' },
  { code: 'S02', city: '惠州', cityEn: 'Huizhou' },
  { code: 'S03', city: '深圳', cityEn: 'Shenzhen' },
  { code: 'S04', city: '东莞', cityEn: 'Dongguan' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stores add column if not exists city_en text not null default ''`.execute(
    db,
  );
  for (const store of seededCities) {
    await sql`update stores set city_en = ${store.cityEn}
      where code = ${store.code} and city = ${store.city} and city_en = ''`.execute(db);
  }
}
