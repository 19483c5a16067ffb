import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Custom dialogs (spec/workflow-office.md sections 3 and 7.6): a picker found by alias. The
 * field lists are JSON text as the platform sends them; rows come from a named server query
 * (ds_type 'query', code in server/domain/forms/dialogs/queries.ts) or from a configured HTTP
 * address (ds_type 'url'). No SQL is stored, and the address is only ever this row's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table custom_dialogs (
    id text primary key,
    alias text not null unique,
    name text not null,
    name_en text not null default '',
    style text not null check (style in ('list', 'tree')),
    select_num integer not null default 1 check (select_num >= 0),
    displayfield text not null default '[]',
    resultfield text not null default '[]',
    sortfield text not null default '[]',
    conditionfield text not null default '[]',
    ds_type text not null check (ds_type in ('query', 'url')),
    query_name text not null default '',
    request_type text not null default 'GET' check (request_type in ('GET', 'POST')),
    url text not null default '',
    list_key text not null default '',
    page_key text not null default '',
    page_size_key text not null default '',
    total_key text not null default '',
    need_page boolean not null default true,
    page_size integer not null default 10 check (page_size between 1 and 100),
    tree_id_field text not null default '',
    tree_parent_field text not null default '',
    visible_roles text not null default '[]'
  );
`;
