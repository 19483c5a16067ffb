import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The English name of /editMapYy's menu item, "Shop assignments", was cut to "Shop
 * assignme…" in the side menu's narrow rail; "Assign shops" fits on two lines. Only the
 * seeded name is changed: an administrator's own name stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  update menus set name_en = 'Assign shops'
  where alias = 'editMapYy' and name_en = 'Shop assignments';
`;
