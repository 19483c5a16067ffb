import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Home widgets (issue 15, parts 3-7): meetings tied to workflow tasks, each user's favourite
 * apps (at most 11, kept in order), the quick system-entry bar, and a user's own home layout
 * (a user without rows in user_layouts gets their role's layout).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table meetings (
    id text primary key,
    subject text not null,
    subject_en text not null default '',
    start_at timestamptz not null,
    task_id text not null references wf_tasks (id) on delete cascade
  );

  create table meeting_attendees (
    meeting_id text not null references meetings (id) on delete cascade,
    user_id text not null references users (id),
    primary key (meeting_id, user_id)
  );
  create index meeting_attendees_user on meeting_attendees (user_id);

  create table favourite_apps (
    user_id text not null references users (id),
    app_id text not null references apps (id) on delete cascade,
    sort integer not null,
    primary key (user_id, app_id)
  );

  create table shortcut_apps (
    id text primary key,
    name text not null,
    name_en text not null default '',
    icon_file_ids text not null default '[]',
    external_url text not null default '',
    internal_url text not null default '',
    sort integer not null,
    role_id text references roles (id)
  );

  create table user_layouts (
    user_id text primary key references users (id),
    updated_at timestamptz not null default now()
  );

  create table user_layout_columns (
    user_id text not null references user_layouts (user_id) on delete cascade,
    column_alias text not null references home_columns (alias) on delete cascade,
    x integer not null,
    y integer not null,
    w integer not null,
    h integer not null,
    primary key (user_id, column_alias)
  );
`;
