import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Session events for the per-process session cache (server/domain/session-cache.ts): every
 * change that can end a session or change what it may do sends a NOTIFY on
 * `atrium_sessions`, from the database itself, so no code path (routes of other features,
 * an administrator's SQL) can forget it. Payloads: `s:<session id>` (revoked, expired,
 * deleted), `u:<user id>` (the user's row, roles or stores changed), `*` (a statement touched
 * more than 50 users: drop everything). Statement-level triggers, so a bulk change sends one
 * notification per user, not per row; a notification is delivered at commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create function atrium_notify_users() returns trigger language plpgsql as $$
  declare
    ids text[];
  begin
    if tg_op = 'DELETE' then
      select array_agg(distinct user_id) into ids from changed_old;
    elsif tg_op = 'INSERT' then
      select array_agg(distinct user_id) into ids from changed_new;
    else
      select array_agg(distinct user_id) into ids
        from (select user_id from changed_new union select user_id from changed_old) both_sides;
    end if;
    if ids is null then
      return null;
    end if;
    if cardinality(ids) > 50 then
      perform pg_notify('atrium_sessions', '*');
    else
      perform pg_notify('atrium_sessions', 'u:' || id) from unnest(ids) as id;
    end if;
    return null;
  end
  $$;

  create function atrium_notify_user_rows() returns trigger language plpgsql as $$
  declare
    ids text[];
  begin
    if tg_op = 'DELETE' then
      select array_agg(distinct id) into ids from changed_old;
    else
      select array_agg(distinct id) into ids from changed_new;
    end if;
    if ids is null then
      return null;
    end if;
    if cardinality(ids) > 50 then
      perform pg_notify('atrium_sessions', '*');
    else
      perform pg_notify('atrium_sessions', 'u:' || id) from unnest(ids) as id;
    end if;
    return null;
  end
  $$;

  -- Touching last_seen_at is the only frequent update of sessions and ends nothing: only a
  -- change of revoked_at or expires_at, or a deletion, is announced.
  create function atrium_notify_sessions() returns trigger language plpgsql as $$
  declare
    ids text[];
  begin
    if tg_op = 'DELETE' then
      select array_agg(id) into ids from changed_old;
    else
      select array_agg(n.id) into ids
        from changed_new n join changed_old o on o.id = n.id
        where n.revoked_at is distinct from o.revoked_at
          or n.expires_at is distinct from o.expires_at;
    end if;
    if ids is null then
      return null;
    end if;
    if cardinality(ids) > 50 then
      perform pg_notify('atrium_sessions', '*');
    else
      perform pg_notify('atrium_sessions', 's:' || id) from unnest(ids) as id;
    end if;
    return null;
  end
  $$;

  create trigger sessions_changed after update on sessions
    referencing old table as changed_old new table as changed_new
    for each statement execute function atrium_notify_sessions();
  create trigger sessions_deleted after delete on sessions
    referencing old table as changed_old
    for each statement execute function atrium_notify_sessions();

  create trigger users_changed after update on users
    referencing old table as changed_old new table as changed_new
    for each statement execute function atrium_notify_user_rows();
  create trigger users_deleted after delete on users
    referencing old table as changed_old
    for each statement execute function atrium_notify_user_rows();

  create trigger user_roles_added after insert on user_roles
    referencing new table as changed_new
    for each statement execute function atrium_notify_users();
  create trigger user_roles_changed after update on user_roles
    referencing old table as changed_old new table as changed_new
    for each statement execute function atrium_notify_users();
  create trigger user_roles_removed after delete on user_roles
    referencing old table as changed_old
    for each statement execute function atrium_notify_users();

  create trigger user_stores_added after insert on user_stores
    referencing new table as changed_new
    for each statement execute function atrium_notify_users();
  create trigger user_stores_changed after update on user_stores
    referencing old table as changed_old new table as changed_new
    for each statement execute function atrium_notify_users();
  create trigger user_stores_removed after delete on user_stores
    referencing old table as changed_old
    for each statement execute function atrium_notify_users();
`;
