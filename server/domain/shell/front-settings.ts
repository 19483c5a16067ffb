import type { FrontSettings } from '../../../src/contract/portal';
import type { Db } from '../../db/database';

/**
 * The product's name and logos as the administrator set them in the system settings: a name
 * that is not text reads as empty, files that are not a list as none.
 */
export async function frontSettings(db: Db): Promise<FrontSettings> {
  const rows = await db
    .selectFrom('system_settings')
    .select(['key', 'value'])
    .where('key', 'in', ['frontName', 'frontNameEn', 'ico', 'frontLogo'])
    .execute();
  const found = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const files = (value: unknown) => JSON.stringify(Array.isArray(value) ? value : []);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    frontName: text(found.frontName),
    frontNameEn: text(found.frontNameEn),
    ico: files(found.ico),
    frontLogo: files(found.frontLogo),
  };
}
