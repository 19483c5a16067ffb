import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The portal shell and home dashboard (server/db/schema-shell.ts). Tables of other areas are
 * referenced only where the foundation owns them (users, roles, files, stores), so this
 * migration does not depend on the finance or workflow ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, menus + topBar + home + people + queries);
}

const menus = `
  create table menus (
    id text primary key,
    parent_id text references menus (id),
    alias text not null unique,
    name text not null,
    name_en text not null default '',
    icon text not null default '',
    sn integer not null default 0,
    menu_url text not null default '',
    href text not null default '',
    open boolean not null default false,
    active_tab text not null default '',
    tabs_style text not null default ''
  );
  create index menus_parent on menus (parent_id, sn);

  create table menu_roles (
    menu_id text not null references menus (id) on delete cascade,
    role_id text not null references roles (id),
    primary key (menu_id, role_id)
  );

  create table apps (
    id text primary key,
    menu_id text not null references menus (id),
    name text not null,
    name_en text not null default '',
    type smallint not null check (type in (2, 3, 5, 6, 8)),
    icon text not null default '',
    path text not null default '',
    template_key text not null default '',
    sql_alias text not null default '',
    view_alias text not null default '',
    form_key text not null default '',
    def_key text not null default '',
    sort integer not null default 0
  );
  create index apps_menu on apps (menu_id, sort);
`;

const topBar = `
  create table greetings (
    id text primary key,
    user_id text references users (id),
    text text not null,
    sort integer not null default 0
  );

  create table personal_assets (
    id text primary key,
    user_id text not null references users (id),
    unit_name text not null,
    asset_code text not null unique,
    name text not null,
    model text not null,
    acquired_on date not null
  );
  create index personal_assets_user on personal_assets (user_id, name);

  create table guide_tour_runs (
    user_id text primary key references users (id),
    version integer not null,
    outcome text not null check (outcome in ('complete', 'exit')),
    recorded_at timestamptz not null default now()
  );
`;

const home = `
  create table staff_profiles (
    user_id text primary key references users (id),
    birthday date,
    hired_on date
  );

  create table personal_tip_texts (
    kind text primary key check (kind in ('birthday', 'anniversary')),
    text text not null,
    text_en text not null,
    image_ids jsonb not null default '[]'
  );

  create table festivals (
    id text primary key,
    name text not null,
    starts_on date not null,
    ends_on date not null check (ends_on >= starts_on),
    text text not null,
    text_en text not null default '',
    image_ids jsonb not null default '[]'
  );
  create index festivals_window on festivals (starts_on, ends_on);

  create table enterprise_notices (
    id text primary key,
    text text not null,
    starts_on date not null,
    ends_on date,
    sort integer not null default 0
  );

  create table popups (
    id text primary key,
    subject text not null,
    description text not null default '',
    url text not null,
    popup_type text not null check (popup_type in ('tab', 'new', 'dialog')),
    dialog_width text not null default '',
    dialog_height text not null default '',
    role_id text references roles (id),
    starts_at timestamptz not null default now(),
    ends_at timestamptz,
    sort integer not null default 0
  );

  create table popup_dismissals (
    popup_id text not null references popups (id) on delete cascade,
    user_id text not null references users (id),
    dismissed_at timestamptz not null default now(),
    primary key (popup_id, user_id)
  );

  create table form_reminders (
    id text primary key,
    user_id text not null references users (id),
    subject text not null,
    content text not null default '',
    count integer not null default 1,
    template_key text not null,
    record_id text not null,
    created_at timestamptz not null default now()
  );
  create index form_reminders_user on form_reminders (user_id, created_at desc);

  create table home_columns (
    alias text primary key,
    name text not null,
    name_en text not null default '',
    widget text not null,
    col_type integer not null default 0,
    data_mode integer not null default 0,
    data_from text not null default '',
    data_param text not null default '',
    request_type text not null default 'GET',
    need_page boolean not null default false,
    col_height integer not null default 300,
    col_url text not null default '',
    template_html text not null default ''
  );

  create table home_column_roles (
    column_alias text not null references home_columns (alias) on delete cascade,
    role_id text not null references roles (id),
    primary key (column_alias, role_id)
  );

  create table home_layouts (
    id text primary key,
    name text not null,
    role_id text references roles (id),
    sort integer not null
  );

  create table home_layout_columns (
    layout_id text not null references home_layouts (id) on delete cascade,
    column_alias text not null references home_columns (alias),
    x integer not null,
    y integer not null,
    w integer not null,
    h integer not null,
    primary key (layout_id, column_alias)
  );

  create table report_links (
    alias text primary key,
    name text not null,
    reportlet text not null
  );
`;

const people = `
  -- org_id names a wf_orgs row; no foreign key so that this migration stands alone
  create table posts (
    id text primary key,
    org_id text not null,
    code text not null unique,
    name text not null
  );

  create table user_posts (
    user_id text not null references users (id),
    post_id text not null references posts (id),
    primary key (user_id, post_id)
  );

  create table attendance_exceptions (
    id text primary key,
    user_id text not null references users (id),
    day date not null,
    kind text not null check (kind in ('late', 'early', 'absent', 'missing')),
    minutes integer not null default 0,
    note text not null default ''
  );
  create index attendance_exceptions_user on attendance_exceptions (user_id, day desc);

  create table leave_records (
    id text primary key,
    user_id text not null references users (id),
    kind text not null
      check (kind in ('annual', 'sick', 'personal', 'marriage', 'compensatory')),
    starts_on date not null,
    ends_on date not null check (ends_on >= starts_on),
    days numeric(5, 1) not null,
    status text not null check (status in ('approved', 'pending')),
    reason text not null default ''
  );
  create index leave_records_user on leave_records (user_id, starts_on desc);
`;

const queries = `
  create table custom_queries (
    alias text primary key,
    name text not null,
    ds_type text not null check (ds_type in ('dataSource', 'restful')),
    request_type text not null check (request_type in ('GET', 'POST')),
    url text not null default '',
    header text not null default '',
    data_param text not null default '',
    list_key text not null default '',
    condition_fields text not null default '[]',
    result_fields text not null default '[]',
    display_fields text not null default '[]',
    -- a query of the server's registry; never SQL text
    named_query text,
    page_size integer not null default 20,
    check (ds_type <> 'dataSource' or named_query is not null)
  );

  create table query_views (
    sql_alias text not null,
    alias text not null,
    name text not null,
    name_en text not null default '',
    named_query text not null,
    columns jsonb not null,
    conditions jsonb not null,
    page_size integer not null default 20,
    primary key (sql_alias, alias)
  );

  create table data_templates (
    template_key text primary key,
    name text not null,
    name_en text not null default '',
    bo_alias text not null unique,
    form_key text not null,
    named_query text not null,
    columns jsonb not null,
    conditions jsonb not null,
    fields jsonb not null,
    edit_role_ids jsonb not null default '[]'
  );
`;
