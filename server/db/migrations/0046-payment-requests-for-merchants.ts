import { sql, type Kysely } from 'kysely';

/**
 * The payment request statement always restricts to the merchant's unit, so accountants,
 * who see none, no longer get its menu entry: the statements menu's fkqkd item is for the
 * merchant role (the seed's id, written out so that this migration never changes).
 */
const merchantRole = '1700000001000000001';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into menu_roles (menu_id, role_id)
    select m.id, ${merchantRole} from menus m
    where m.alias = 'fkqkd' and m.menu_url = '/statements/fkqkd'
      and exists (select 1 from roles r where r.id = ${merchantRole})
      and not exists (select 1 from menu_roles g where g.menu_id = m.id)
  `.execute(db);
}
