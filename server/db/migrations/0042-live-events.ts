import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The live portal's events (docs/live.md). `live_events` keeps the recent events of each
 * user (user_id null: everyone's), so a stream that reconnects catches up from its
 * Last-Event-ID; each row inserted is announced on NOTIFY `atrium_live` as its JSON, which
 * every process's stream hub hears at commit (nothing is announced for a rolled-back change).
 *
 * The events of the workflow, the news, the merchant's statements and the menus are written
 * by triggers, as migration 0019 announces session changes: every path that changes these
 * tables (each engine action, the job runner, an administrator's SQL) then tells the pages,
 * and none can forget. Statement-level triggers, so a bulk change costs one pass. Code
 * publishes the rest (mail counts) through the same table (server/live/publish.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

/**
 * The (task, user) pairs of a transition table's rows that stand in someone's to-do list: the
 * assignee of an open task, or a candidate of an open shared task nobody holds and nobody
 * else has locked (the rule of the to-do list, server/domain/workflow/queries/lists.ts heldBy).
 */
const holders = (rows: string) => `
  select t.id as task_id, t.inst_id, t.assignee_id as user_id from ${rows} t
    where t.state = 'open' and t.assignee_id is not null
  union
  select t.id, t.inst_id, a.user_id from ${rows} t join wf_task_actors a on a.task_id = t.id
    where t.state = 'open' and t.assignee_id is null
      and (t.locked_by is null or t.locked_by = a.user_id)`;

const arrived = (pairs: string) => `
  insert into live_events (user_id, kind, data)
  select p.user_id, 'task-arrived', jsonb_build_object('taskId', p.task_id, 'instId', p.inst_id)
  from (${pairs}) p`;

/**
 * Pairs gone from a list, with the task as it is now (`rows`, the new transition table) to
 * say who took or did it: the one who completed, holds or locked it. A deleted task has none.
 */
const left = (pairs: string, rows?: string) => `
  insert into live_events (user_id, kind, data)
  select p.user_id, 'task-left', jsonb_build_object('taskId', p.task_id, 'instId', p.inst_id,
    'state', ${rows ? "n.state, 'by', b.id, 'byName', coalesce(b.fullname, '')" : "'deleted', 'by', null, 'byName', ''"})
  from (${pairs}) p${
    rows
      ? `
  left join ${rows} n on n.id = p.task_id
  left join users b on b.id = coalesce(n.completed_by, n.assignee_id, n.locked_by)`
      : ''
  }`;

/**
 * News published (inserted published, or published later: `wasPublished` names the rows that
 * already were): everyone, for items every signed-in user reads; else the holders of one of
 * its roles and whoever sees everything (server/domain/news.ts newsVisibleTo).
 */
const newsEvents = (wasPublished: string) => `
  insert into live_events (user_id, kind, data)
  select null, 'news', jsonb_build_object('newsId', n.id)
  from changed_new n
  where n.published and n.audience in ('public', 'users') and not ${wasPublished};
  insert into live_events (user_id, kind, data)
  select distinct u.id, 'news', jsonb_build_object('newsId', n.id)
  from changed_new n join users u on u.sees_everything or exists (
    select 1 from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = u.id and not ur.deleted and r.code = any(n.audience_roles))
  where n.published and n.audience = 'roles' and not ${wasPublished}`;

/**
 * A statement-level AFTER trigger with its transition tables (changed_old, changed_new: the
 * ones the event has), as migration 0019 writes them.
 */
function trigger(name: string, table: string, event: 'insert' | 'update' | 'delete', fn: string) {
  const tables = {
    insert: 'new table as changed_new',
    update: 'old table as changed_old new table as changed_new',
    delete: 'old table as changed_old',
  }[event];
  return `create trigger ${name} after ${event} on ${table}
    referencing ${tables}
    for each statement execute function ${fn};`;
}

/** A trigger function that runs `body` (statements) and returns nothing. */
const triggerFunction = (name: string, body: string) => `
  create function ${name}() returns trigger language plpgsql as $$
  begin
    ${body};
    return null;
  end
  $$;`;

const merchantLists: Record<string, string> = {
  advance_notices: 'advance',
  joint_fee_notices: 'joint',
  lease_fee_notices: 'lease',
  settlement_statements: 'settlement',
  dunning_notices: 'dunning',
};

const merchantTriggers = Object.entries(merchantLists)
  .map(([table, list]) =>
    trigger(`${table}_live`, table, 'insert', `atrium_live_merchant('${list}')`),
  )
  .join('\n');

/** An update moves tasks into lists and out of them: both, from the same two snapshots. */
const tasksChanged = [
  arrived(`${holders('changed_new')} except ${holders('changed_old')}`),
  left(`${holders('changed_old')} except ${holders('changed_new')}`, 'changed_new'),
].join(';\n');

const script = `
  create table live_events (
    id bigserial primary key,
    user_id text,
    kind text not null,
    data jsonb not null default '{}',
    created_at timestamptz not null default now()
  );
  create index live_events_user on live_events (user_id, id);
  create index live_events_everyone on live_events (id) where user_id is null;
  create index live_events_age on live_events (created_at);

  ${triggerFunction(
    'atrium_live_announce',
    `perform pg_notify('atrium_live', json_build_object('id', e.id::text, 'u', e.user_id,
      'k', e.kind, 'd', e.data)::text)
    from changed_new e order by e.id`,
  )}
  ${trigger('live_events_announce', 'live_events', 'insert', 'atrium_live_announce()')}

  ${triggerFunction('atrium_live_tasks_added', arrived(holders('changed_new')))}

  ${triggerFunction('atrium_live_tasks_changed', tasksChanged)}

  ${triggerFunction('atrium_live_tasks_removed', left(holders('changed_old')))}

  ${trigger('wf_tasks_live_added', 'wf_tasks', 'insert', 'atrium_live_tasks_added()')}
  ${trigger('wf_tasks_live_changed', 'wf_tasks', 'update', 'atrium_live_tasks_changed()')}
  ${trigger('wf_tasks_live_removed', 'wf_tasks', 'delete', 'atrium_live_tasks_removed()')}

  -- A shared task's candidates are written after the task: they are told then.
  ${triggerFunction(
    'atrium_live_candidates_added',
    `insert into live_events (user_id, kind, data)
    select a.user_id, 'task-arrived', jsonb_build_object('taskId', t.id, 'instId', t.inst_id)
    from changed_new a join wf_tasks t on t.id = a.task_id
    where t.state = 'open' and t.assignee_id is null
      and (t.locked_by is null or t.locked_by = a.user_id)`,
  )}
  ${trigger('wf_task_actors_live', 'wf_task_actors', 'insert', 'atrium_live_candidates_added()')}

  -- The end of a request, told to its requesters (the applicant and who started it).
  ${triggerFunction(
    'atrium_live_results',
    `insert into live_events (user_id, kind, data)
    select distinct r.user_id, 'result', jsonb_build_object('instId', n.id, 'status', n.status,
      'result', n.result)
    from changed_new n join changed_old o on o.id = n.id
    cross join lateral (values (n.starter_id), (n.on_behalf_of_id)) as r (user_id)
    where n.status is distinct from o.status and n.status in ('end', 'manualend')
      and r.user_id is not null`,
  )}
  ${trigger('wf_instances_live', 'wf_instances', 'update', 'atrium_live_results()')}

  ${triggerFunction(
    'atrium_live_messages',
    `insert into live_events (user_id, kind, data)
    select m.user_id, 'message', jsonb_build_object('messageId', m.id, 'kind', m.kind,
      'instId', m.inst_id)
    from changed_new m`,
  )}
  ${trigger('wf_messages_live', 'wf_messages', 'insert', 'atrium_live_messages()')}

  ${triggerFunction('atrium_live_news_added', newsEvents('false'))}
  ${triggerFunction('atrium_live_news_changed', newsEvents('exists (select 1 from changed_old o where o.id = n.id and o.published)'))}
  ${trigger('news_live_added', 'news', 'insert', 'atrium_live_news_added()')}
  ${trigger('news_live_changed', 'news', 'update', 'atrium_live_news_changed()')}

  -- New statements and notices reach the merchant whose unit they are (account SZHY + the
  -- vendor code, spec/merchant-finance.md section 6): one event per merchant and list.
  ${triggerFunction(
    'atrium_live_merchant',
    `insert into live_events (user_id, kind, data)
    select u.id, 'merchant', jsonb_build_object('what', tg_argv[0], 'count', count(*))
    from changed_new n join users u on u.account = 'SZHY' || n.merchant_code
    group by u.id`,
  )}
  ${merchantTriggers}

  -- Menus changed for everyone; a user's roles are announced by migration 0019's
  -- atrium_sessions (the hub turns them into this user's menu event).
  ${triggerFunction('atrium_live_menus', `insert into live_events (user_id, kind) values (null, 'menu')`)}
  create trigger menus_live after insert or update or delete on menus
    for each statement execute function atrium_live_menus();
  create trigger menu_roles_live after insert or update or delete on menu_roles
    for each statement execute function atrium_live_menus();
`;
