import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Security hardening (docs/decisions.md, "Security"):
 * - rate-limit rows carry the end of their window, so expired ones are pruned at once;
 * - news has an audience (everyone, signed-in users, or named roles) instead of a public flag;
 * - files know what they belong to, so access is decided per file from that record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  alter table rate_limits add column expires_at timestamptz;
  update rate_limits set expires_at = window_start + interval '1 day';
  alter table rate_limits alter column expires_at set not null;
  create index rate_limits_expiry on rate_limits (expires_at);

  -- public: anyone, visitors included; users: anyone signed in; roles: holders of one of
  -- audience_roles (role codes, e.g. staff, merchant)
  alter table news add column audience text not null default 'public'
    check (audience in ('public', 'users', 'roles'));
  alter table news add column audience_roles text[] not null default '{}';
  update news set audience = case when public then 'public' else 'users' end;
  alter table news drop column public;

  -- the record a file belongs to (news, invoice, print setting, ...); a file readable by
  -- whoever may read one of its records (server/domain/file-access.ts)
  create table file_links (
    file_id text not null references files (id) on delete cascade,
    kind text not null,
    record_id text not null,
    primary key (file_id, kind, record_id)
  );
  create index file_links_record on file_links (kind, record_id);
`;
