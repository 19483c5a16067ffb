import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The workflow engine's tables (docs/workflow.md, "Tables"). The engine state of an instance
 * is its rows here: tokens say where the flow stands, tasks say who must act, jobs say what
 * happens later. Nothing lives in memory, so any process can continue any instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, organisation + definitions + runtime + people + scheduling);
}

const organisation = `
  create table wf_orgs (
    id text primary key,
    code text not null unique,
    name text not null,
    parent_id text references wf_orgs (id),
    sort integer not null default 0
  );

  create table wf_org_members (
    org_id text not null references wf_orgs (id),
    user_id text not null references users (id),
    -- the org a user starts flows from unless they pick another
    is_main boolean not null default true,
    -- the org's leader: "the starter's leader" of the starter's main org
    is_leader boolean not null default false,
    primary key (org_id, user_id)
  );
  create index wf_org_members_user on wf_org_members (user_id);
`;

const definitions = `
  create table wf_categories (
    id text primary key,
    code text not null unique,
    name text not null,
    -- JSON text such as {"color":"#1890ff"}, as the platform's flow groups carry it
    icon text not null default '',
    sort integer not null default 0
  );

  create table wf_definitions (
    id text primary key,
    def_key text not null,
    name text not null,
    version integer not null,
    -- only the newest version of a key starts new instances
    is_main boolean not null default false,
    category_id text not null references wf_categories (id),
    icon text not null default '',
    description text not null default '',
    bpmn_xml text not null,
    form jsonb not null,
    status text not null default 'deploy' check (status in ('deploy', 'forbidden')),
    created_by text references users (id),
    created_at timestamptz not null default now(),
    unique (def_key, version)
  );
  create unique index wf_definitions_main on wf_definitions (def_key) where is_main;

  -- who may start a flow; kept per key so a new version keeps its rights
  create table wf_start_rights (
    def_key text not null,
    kind text not null check (kind in ('everyone', 'user', 'role')),
    ref_id text not null default '',
    primary key (def_key, kind, ref_id)
  );
`;

const runtime = `
  create table wf_instances (
    id text primary key,
    def_id text not null references wf_definitions (id),
    def_key text not null,
    subject text not null,
    business_key text not null default '',
    status text not null check (status in ('running', 'end', 'manualend', 'revoke')),
    -- how a finished instance ended: agree, or refuse when a countersign refused it
    result text,
    form_data jsonb not null,
    -- who pressed start; on_behalf_of_id is the leader a secretary started it for
    starter_id text not null references users (id),
    on_behalf_of_id text references users (id),
    start_org_id text references wf_orgs (id),
    urgent_state text not null default '',
    end_reason text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    ended_at timestamptz
  );
  create index wf_instances_starter on wf_instances (starter_id, created_at desc);
  create index wf_instances_behalf on wf_instances (on_behalf_of_id, created_at desc)
    where on_behalf_of_id is not null;

  -- where the flow stands: an active token sits on a task node, a waiting one on a join
  -- or a timer
  create table wf_tokens (
    id text primary key,
    inst_id text not null references wf_instances (id),
    node_id text not null,
    state text not null check (state in ('active', 'waiting')),
    via_flow_id text,
    via_node_id text,
    -- the last user node on this token's path: the target of "reject to previous"
    prev_node_id text,
    -- a direct return: when this node completes, the token jumps back here
    return_node_id text,
    created_at timestamptz not null default now()
  );
  create index wf_tokens_inst on wf_tokens (inst_id);

  create table wf_tasks (
    id text primary key,
    inst_id text not null references wf_instances (id),
    -- every task of a node visit (voters, add-signers, inquiries...) shares its token, so
    -- cancelling a token cancels all of them
    token_id text not null,
    node_id text not null,
    node_name text not null,
    node_type text not null check (node_type in ('START', 'USERTASK', 'SIGNTASK')),
    kind text not null check (kind in
      ('main', 'sign', 'addsign', 'inqu', 'commu', 'trans', 'customsign')),
    status text not null,
    state text not null check (state in ('pending', 'open', 'waiting', 'done', 'cancelled')),
    -- null on a shared task: its candidates are in wf_task_actors
    assignee_id text references users (id),
    -- who the task belongs to when someone else holds it (delegation, agent rule)
    owner_id text references users (id),
    parent_id text references wf_tasks (id),
    seq integer not null default 0,
    locked_by text references users (id),
    prev_node_id text,
    -- vote and mode settings of transfers and custom signs started from this task
    settings jsonb not null default '{}',
    due_at timestamptz,
    due_status integer not null default 0,
    is_read boolean not null default false,
    created_at timestamptz not null default now(),
    completed_at timestamptz,
    completed_by text references users (id),
    action text
  );
  create index wf_tasks_todo on wf_tasks (assignee_id, created_at desc) where state = 'open';
  create index wf_tasks_owner on wf_tasks (owner_id, created_at desc)
    where state = 'open' and owner_id is not null;
  create index wf_tasks_inst on wf_tasks (inst_id, state);
  create index wf_tasks_token on wf_tasks (token_id);
  create index wf_tasks_parent on wf_tasks (parent_id) where parent_id is not null;
  -- the invariant "no duplicate open task for the same node and assignee", in the database
  create unique index wf_tasks_one_open on wf_tasks (inst_id, node_id, coalesce(assignee_id, ''))
    where state = 'open';

  create table wf_task_actors (
    task_id text not null references wf_tasks (id),
    user_id text not null references users (id),
    primary key (task_id, user_id)
  );
  create index wf_task_actors_user on wf_task_actors (user_id, task_id);

  create table wf_records (
    id bigserial primary key,
    inst_id text not null references wf_instances (id),
    task_id text,
    node_id text not null,
    node_name text not null,
    action text not null,
    opinion text not null default '',
    -- JSON text of [{id,name,size}], as the platform stores and answers it
    files text not null default '',
    zfiles text not null default '',
    -- null when the system acted (a job)
    user_id text references users (id),
    on_behalf_of_id text references users (id),
    detail jsonb not null default '{}',
    created_at timestamptz not null default now()
  );
  create index wf_records_inst on wf_records (inst_id, id);
  create index wf_records_user on wf_records (user_id, created_at desc) where task_id is not null;
  create index wf_records_behalf on wf_records (on_behalf_of_id, created_at desc)
    where on_behalf_of_id is not null;

  -- nodes passed and flows taken, for the flow image
  create table wf_trail (
    id bigserial primary key,
    inst_id text not null references wf_instances (id),
    element_id text not null,
    kind text not null check (kind in ('node', 'flow')),
    created_at timestamptz not null default now()
  );
  create index wf_trail_inst on wf_trail (inst_id);

  -- carbon copies (COPYTO) and notices of followed nodes (FOLLOW), with read marks
  create table wf_notices (
    id text primary key,
    inst_id text not null references wf_instances (id),
    task_id text,
    node_id text not null default '',
    node_name text not null default '',
    kind text not null check (kind in ('COPYTO', 'FOLLOW')),
    sender_id text references users (id),
    receiver_id text not null references users (id),
    opinion text not null default '',
    reply text,
    created_at timestamptz not null default now(),
    read_at timestamptz,
    deleted boolean not null default false
  );
  create index wf_notices_receiver on wf_notices (receiver_id, created_at desc) where not deleted;
  create index wf_notices_sender on wf_notices (sender_id, created_at desc);

  create table wf_follows (
    inst_id text not null references wf_instances (id),
    node_id text not null,
    user_id text not null references users (id),
    created_at timestamptz not null default now(),
    primary key (inst_id, node_id, user_id)
  );

  create table wf_drafts (
    id text primary key,
    def_id text not null references wf_definitions (id),
    def_key text not null,
    subject text not null default '',
    business_key text not null default '',
    form_data jsonb not null,
    creator_id text not null references users (id),
    on_behalf_of_id text references users (id),
    start_org_id text references wf_orgs (id),
    -- the revoked instance this draft was made from
    source_inst_id text references wf_instances (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index wf_drafts_creator on wf_drafts (creator_id, updated_at desc);
`;

const people = `
  create table wf_agents (
    id text primary key,
    owner_id text not null references users (id),
    agent_id text not null references users (id),
    scope text not null check (scope in ('all', 'part')),
    def_keys text[] not null default '{}',
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    enabled boolean not null default true,
    note text not null default '',
    created_at timestamptz not null default now(),
    check (starts_at < ends_at),
    check (owner_id <> agent_id)
  );
  create index wf_agents_owner on wf_agents (owner_id) where enabled;

  create table wf_secretaries (
    id text primary key,
    leader_id text not null references users (id),
    secretary_id text not null references users (id),
    -- empty: the secretary acts for the leader in every flow
    def_keys text[] not null default '{}',
    created_at timestamptz not null default now(),
    unique (leader_id, secretary_id),
    check (leader_id <> secretary_id)
  );
  create index wf_secretaries_secretary on wf_secretaries (secretary_id);

  create table wf_deputies (
    id text primary key,
    user_id text not null references users (id),
    deputy_id text not null references users (id),
    created_at timestamptz not null default now(),
    unique (user_id, deputy_id),
    check (user_id <> deputy_id)
  );

  create table wf_phrases (
    id text primary key,
    -- null: a system phrase offered to everyone
    owner_id text references users (id),
    expression text not null,
    def_key text not null default '',
    sort integer not null default 0,
    created_at timestamptz not null default now()
  );
  create index wf_phrases_owner on wf_phrases (owner_id);

  create table wf_favourites (
    user_id text not null references users (id),
    def_key text not null,
    sort integer not null default 0,
    primary key (user_id, def_key)
  );
`;

const scheduling = `
  create table wf_urgent_states (
    id text primary key,
    -- '' applies to every flow
    def_key text not null default '',
    value text not null,
    name text not null,
    color text not null,
    sort integer not null default 0,
    unique (def_key, value)
  );

  create table wf_urges (
    id text primary key,
    inst_id text not null references wf_instances (id),
    node_id text not null,
    urger_id text not null references users (id),
    appointee_ids text[] not null,
    urgent_state text not null default '',
    opinion text not null default '',
    created_at timestamptz not null default now()
  );
  create index wf_urges_inst on wf_urges (inst_id, created_at desc);

  -- reminders delivered by jobs (urging, due times)
  create table wf_messages (
    id text primary key,
    user_id text not null references users (id),
    inst_id text references wf_instances (id),
    task_id text,
    kind text not null check (kind in ('urge', 'due')),
    text text not null,
    created_at timestamptz not null default now(),
    read_at timestamptz
  );
  create index wf_messages_user on wf_messages (user_id, created_at desc);

  -- timers, due reminders and urging; polled with FOR UPDATE SKIP LOCKED by every process
  create table wf_jobs (
    id bigserial primary key,
    kind text not null check (kind in ('timer', 'due', 'urge')),
    inst_id text references wf_instances (id),
    task_id text,
    token_id text,
    run_at timestamptz not null,
    payload jsonb not null default '{}',
    attempts integer not null default 0,
    last_error text,
    done_at timestamptz,
    created_at timestamptz not null default now()
  );
  create index wf_jobs_due on wf_jobs (run_at) where done_at is null;
  create index wf_jobs_inst on wf_jobs (inst_id) where done_at is null;
`;
