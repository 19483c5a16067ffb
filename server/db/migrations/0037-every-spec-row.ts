import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Every row of the spec (issue 39):
 * - user_current_posts: the org and post a user last chose (putInCacheOrgPost,
 *   getCacheByKeyOrgPost), kept in the database so every process answers the same;
 * - uc_jobs: the organisation's jobs (职务, getJobPage); a post may name its job;
 * - sys_identities: numbering rules (流水号) and their counters (getNextIdByAlias);
 * - files.extra_prop: a file's extra property (updateFileExtraProp);
 * - custom dialogs and custom lists show 20 rows a page (spec/workflow-office.md section 9);
 *   the seeded ones that said 10 say 20 now;
 * - the side menu's first-level 应用 (application) item, after 首页, for staff;
 * - the meetings card is named for what it shows: today's meetings;
 * - news:manage, the method of those who manage news (they may list items past their end
 *   date), for the administrators.
 * Seeded values are changed only where they still hold what the seed wrote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table user_current_posts (
    user_id text primary key references users (id) on delete cascade,
    org_id text not null references wf_orgs (id) on delete cascade,
    post_id text references posts (id) on delete set null,
    updated_at timestamptz not null default now()
  );

  create table uc_jobs (
    id text primary key,
    code text not null unique,
    name text not null,
    name_en text not null default '',
    level integer not null default 0,
    description text not null default '',
    sort integer not null default 0
  );
  alter table posts add column job_id text references uc_jobs (id) on delete set null;

  create table sys_identities (
    alias text primary key check (alias ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
    name text not null,
    name_en text not null default '',
    -- {yyyy} {MM} {dd} and {NO} (the counter, zero-padded to no_length)
    regulation text not null check (position('{NO}' in regulation) > 0),
    -- 0 never resets, 1 daily, 2 monthly, 3 yearly
    gen_type integer not null default 0 check (gen_type between 0 and 3),
    no_length integer not null default 4 check (no_length between 1 and 12),
    step integer not null default 1 check (step between 1 and 1000),
    init_value bigint not null default 1 check (init_value >= 0),
    cur_value bigint,
    cur_date date
  );

  alter table files add column extra_prop text not null default '';

  alter table custom_dialogs alter column page_size set default 20;
  update custom_dialogs set page_size = 20 where page_size = 10;
  update custom_queries set page_size = 20 where alias = 'storeList' and page_size = 10;

  update menus set sn = sn + 1
  where parent_id = (select id from menus where alias = 'front_menu') and sn >= 2
    and not exists (select 1 from menus where alias = 'application');
  insert into menus (id, parent_id, alias, name, name_en, icon, sn, menu_url)
  select '1700000060000000900', id, 'application', '应用', 'Apps', 'appstore', 2, '/appCenterFront'
  from menus where alias = 'front_menu'
    and not exists (select 1 from menus where alias = 'application');
  insert into menu_roles (menu_id, role_id)
  select '1700000060000000900', '1700000001000000003'
  where exists (select 1 from menus where id = '1700000060000000900')
    and exists (select 1 from roles where id = '1700000001000000003');

  update home_columns set name_en = 'Today''s meetings'
  where alias = 'meetings' and name_en = 'Meetings';

  insert into sys_methods (alias, name, name_en, menu_alias)
  select 'news:manage', '管理新闻公告', 'Manage news', 'v-news'
  where exists (select 1 from menus where alias = 'v-news')
    and not exists (select 1 from sys_methods where alias = 'news:manage');
  insert into sys_method_roles (method_alias, role_id)
  select 'news:manage', '1700000001000000004'
  where exists (select 1 from sys_methods where alias = 'news:manage')
    and exists (select 1 from roles where id = '1700000001000000004')
    and not exists (select 1 from sys_method_roles where method_alias = 'news:manage');
`;
