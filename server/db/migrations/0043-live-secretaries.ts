import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * A secretary keeps their leaders' to-do lists (docs/workflow.md, secretaries): each change to
 * a leader's list is told to the leader's secretaries too, for the flows they act in (all when
 * the secretary's flows are not limited). The copies carry `forLeader` and are not copied
 * again, so a secretary who is also a leader does not pass on what is not theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create function atrium_live_secretaries() returns trigger language plpgsql as $$
  begin
    -- A statement trigger runs for an insert of no rows too: without this test the copies'
    -- own insert would call it again, without end.
    if not exists (select 1 from changed_new e
      where e.kind in ('task-arrived', 'task-left') and not e.data ? 'forLeader') then
      return null;
    end if;
    insert into live_events (user_id, kind, data)
    select s.secretary_id, e.kind, e.data || jsonb_build_object('forLeader', e.user_id)
    from changed_new e
    join wf_secretaries s on s.leader_id = e.user_id
    left join wf_instances i on i.id = e.data ->> 'instId'
    where e.kind in ('task-arrived', 'task-left') and not e.data ? 'forLeader'
      and (cardinality(s.def_keys) = 0 or i.def_key = any (s.def_keys));
    return null;
  end
  $$;
  create trigger live_events_secretaries after insert on live_events
    referencing new table as changed_new
    for each statement execute function atrium_live_secretaries();
`;
