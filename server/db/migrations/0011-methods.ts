import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Method permissions (spec/shell.md section 6, workflow-office.md section 6): named actions
 * ("buttons") that only the holders of their roles may use. A method belongs to a menu (its
 * alias); the menu tree carries the caller's methods in sysMethods, and the server checks
 * the same table before the action runs (server/domain/shell/methods.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table sys_methods (
    alias text primary key,
    name text not null,
    name_en text not null default '',
    menu_alias text not null
  );

  create table sys_method_roles (
    method_alias text not null references sys_methods (alias) on delete cascade,
    role_id text not null references roles (id),
    primary key (method_alias, role_id)
  );
  create index sys_method_roles_role on sys_method_roles (role_id);
`;
