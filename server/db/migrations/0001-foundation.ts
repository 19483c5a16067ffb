import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/** Tenants, stores, people and their roles, sessions, codes, files, news, settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table tenants (
      id text primary key,
      code text not null unique,
      name text not null,
      logo_file_id text,
      created_at timestamptz not null default now()
    );

    create table stores (
      id text primary key,
      code text not null unique,
      name text not null,
      name_en text not null,
      city text not null,
      sort integer not null
    );

    create table users (
      id text primary key,
      account text not null unique,
      password_hash text not null,
      fullname text not null,
      mobile text,
      email text,
      sex text,
      address text,
      -- 1 normal, 0 disabled, -1 not activated, anything else resigned
      status integer not null default 1,
      must_change_password boolean not null default false,
      -- the user's overTime: idle minutes before logout (null: the default 30)
      idle_minutes integer,
      tenant_id text references tenants (id),
      sees_everything boolean not null default false,
      created_at timestamptz not null default now(),
      password_changed_at timestamptz
    );
    create index users_mobile on users (mobile);

    create table roles (
      id text primary key,
      code text not null unique,
      name text not null
    );

    create table user_roles (
      user_id text not null references users (id),
      role_id text not null references roles (id),
      deleted boolean not null default false,
      primary key (user_id, role_id)
    );

    create table user_stores (
      user_id text not null references users (id),
      store_id text not null references stores (id),
      primary key (user_id, store_id)
    );

    create table sessions (
      id text primary key,
      user_id text not null references users (id),
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index sessions_user on sessions (user_id);

    create table mobile_codes (
      id bigserial primary key,
      mobile text not null,
      code_hash text not null,
      sent_at timestamptz not null default now(),
      expires_at timestamptz not null,
      failed_attempts integer not null default 0,
      verified_at timestamptz,
      consumed_at timestamptz
    );
    create index mobile_codes_recent on mobile_codes (mobile, sent_at desc);

    create table sms_outbox (
      id bigserial primary key,
      mobile text not null,
      body text not null,
      created_at timestamptz not null default now()
    );

    create table rate_limits (
      key text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (key, window_start)
    );

    create table signups (
      id bigserial primary key,
      store_id text not null references stores (id),
      name text not null,
      contact text not null,
      area numeric(12, 2) not null,
      location text not null default '',
      category text not null default '',
      position text not null default '',
      remarks text not null default '',
      created_at timestamptz not null default now()
    );

    create table files (
      id text primary key,
      name text not null,
      extension text not null,
      size bigint not null,
      mime text not null,
      storage_key text not null,
      uploader_id text references users (id),
      uploader_name text not null default '',
      -- readable without signing in (attached to a public announcement, a logo)
      public boolean not null default false,
      created_at timestamptz not null default now()
    );

    create table news (
      id text primary key,
      kind text not null check (kind in ('announcement', 'news')),
      classify_id text not null default 'all',
      title text not null,
      summary text not null default '',
      drafter text not null,
      content text not null default '',
      is_url boolean not null default false,
      url text,
      page_height integer,
      attachments jsonb not null default '[]',
      carousel_file_id text references files (id),
      published boolean not null default true,
      public boolean not null default true,
      created_at timestamptz not null default now(),
      ends_on date
    );
    create index news_listing on news (kind, created_at desc);

    create table news_reads (
      news_id text not null references news (id),
      reader text not null,
      reader_name text not null default '',
      read_at timestamptz not null default now(),
      primary key (news_id, reader)
    );

    create table system_settings (
      key text primary key,
      value jsonb not null
    );

    create table password_policies (
      id text primary key,
      enabled boolean not null,
      -- 1 any, 2 digit+letter, 3 digit+letter+special, 4 digit+upper+lower+special
      rule integer not null,
      min_length integer not null,
      is_default boolean not null default false
    );
  `,
  );
}
