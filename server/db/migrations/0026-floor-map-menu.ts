import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The floor map's menu item opens the map inside the portal (`/floorMap`, issue 13 item 2);
 * databases seeded before that still point it at the bare `/mapContainer` page, which has no
 * top bar or menu. Only the seeded value is changed: an administrator's own link stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  update menus set menu_url = '/floorMap'
  where alias = 'mapContainer' and menu_url = '/mapContainer';
`;
