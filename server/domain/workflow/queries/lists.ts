import { sql, type RawBuilder } from 'kysely';
import type { Language } from '../../../../src/core/languages';
import { byOutput } from './filter';
import {
  categoryName,
  flowName,
  flowNameOf,
  isEnglish,
  nodeName,
  orgName,
  subjectText,
  flowDescription,
} from './names';
import type { OrderColumn } from '../../../lib/keyset';
import { formatDateTime } from '../../../lib/time';
import type { StartableFlow } from '../../../../src/contract/workflow-flows';
import type {
  DoneActionRow,
  DoneRow,
  DraftRow,
  LeaderTodoRow,
  NoticeRow,
  RequestRow,
  TaskRow,
  TodoRow,
} from '../../../../src/contract/workflow-lists';
import { branchBound, outputColumns, type BranchBound, type ListSpec, type SqlRow } from './run';

/**
 * The lists of the runtime service, each scoped to the caller (ids from the session). The
 * row fields are the platform's (DefaultBpmTask for tasks, the instance map for done and
 * request rows); the contract (src/contract/workflow-lists.ts) names each list's fields and
 * docs/workflow.md its filterable properties.
 */

/** The times of each kind of row: timestamps in the SQL, text in the answer (withTimes). */
export const taskTimes = ['createTime', 'createDate', 'dueTime'] as const;
export const noticeTimes = ['createTime', 'readTime'] as const;
export const doneTimes = ['createTime', 'endTime', 'completeTime'] as const;
export const requestTimes = ['createTime', 'updateTime', 'endTime'] as const;
export const draftTimes = ['createTime', 'updateTime'] as const;

type TaskTime = (typeof taskTimes)[number];
type NoticeTime = (typeof noticeTimes)[number];
type DoneTime = (typeof doneTimes)[number];
type RequestTime = (typeof requestTimes)[number];
type DraftTime = (typeof draftTimes)[number];

/** Each list's row as its SQL writes it: the contract's, its times still timestamps. */
type TodoSql = SqlRow<TodoRow, TaskTime>;
type LeaderTodoSql = SqlRow<LeaderTodoRow, TaskTime>;
type TaskSql = SqlRow<TaskRow, TaskTime>;
type NoticeSql = SqlRow<NoticeRow, NoticeTime>;
type DoneActionSql = SqlRow<DoneActionRow, DoneTime>;
type DoneSql = SqlRow<DoneRow, DoneTime>;
type RequestSql = SqlRow<RequestRow, RequestTime>;
type DraftSql = SqlRow<DraftRow, DraftTime>;

/**
 * DefaultBpmTask columns over wf_tasks t and wf_instances i, flow and node names in the
 * reader's language. Names and the definition come from scalar subqueries rather than joins:
 * the plan is then found in a fraction of the time, and planning, not running, is what a
 * short list costs.
 */
const taskColumns = (language: Language | undefined) => sql`
  t.id, ${nodeName(language, { defId: 'i.def_id', nodeId: 't.node_id', stored: 't.node_name' })} as "name",
  ${subjectText(language)} as "subject", t.id as "taskId", t.token_id as "execId",
  t.node_id as "nodeId", t.inst_id as "procInstId", i.def_id as "procDefId",
  i.def_key as "procDefKey", ${flowNameOf(language, 'i.def_id')} as "procDefName",
  t.owner_id as "ownerId", t.assignee_id as "assigneeId",
  (select u.fullname from users u where u.id = t.owner_id) as "ownerName",
  (select u.fullname from users u where u.id = t.assignee_id) as "assigneeName",
  coalesce(i.on_behalf_of_id, i.starter_id) as "creatorId",
  (select u.fullname from users u where u.id = coalesce(i.on_behalf_of_id, i.starter_id)) as "creator",
  t.status, t.kind, t.node_type as "nodeType", t.due_at as "dueTime", t.due_status as "dueStatus",
  i.status as "instStatus", t.is_read as "isRead", i.urgent_state as "urgentStateValue",
  t.parent_id as "parentId", (select d.category_id from wf_definitions d where d.id = i.def_id) as "typeId",
  t.created_at as "createTime", i.created_at as "createDate", t.locked_by as "lockedBy"`;

const taskJoins = sql`
  join wf_tasks t on t.id = h.id
  join wf_instances i on i.id = t.inst_id`;

const taskFilters = outputColumns({
  subject: ['text', true],
  name: ['text', true],
  procDefName: ['text', true],
  procDefKey: ['text', true],
  procInstId: ['text'],
  nodeId: ['text'],
  typeId: ['text'],
  status: ['text', true],
  creator: ['text', true],
  createTime: ['date', true],
  dueTime: ['date', true],
  urgentStateValue: ['text', true],
});

/**
 * A join to a row that always exists (a foreign key: a task's instance, an instance's
 * definition and starter), written as a left join: the answer is the inner join's, and a
 * count that uses none of the joined columns skips the lookups (PostgreSQL removes a left
 * join to a unique key whose columns go unused), so counting 10,000 rows reads one index.
 */
const leftJoin = sql`left join`;

/** The order of the lists below within a table: newest first, the id breaking ties. */
const newestFirst = (alias: string): OrderColumn[] => [
  { column: `${alias}.created_at`, direction: 'desc', nullable: false },
  { column: `${alias}.id`, direction: 'desc', nullable: false },
];

/**
 * Branches of a list (each a SELECT ending in its WHERE clause, over table alias `alias`),
 * joined by UNION ALL; with a bound, each reads only its first rows after the key, newest
 * first, from its index (ListSpec.bounded).
 */
function unionOf(branches: RawBuilder<unknown>[], alias: string, bound?: BranchBound) {
  if (!bound) return sql.join(branches, sql` union all `);
  const { after, first } = branchBound(bound, newestFirst(alias));
  return sql.join(
    branches.map((branch) => sql`(${branch} and ${after} ${first})`),
    sql` union all `,
  );
}

/**
 * Open tasks the user holds, or may take as a candidate of a shared task nobody locked, as
 * whole task rows (aliased t by the caller). Two branches a UNION ALL keeps apart, so each
 * can be read in list order from its own index and merged: the first page of 10,000 tasks
 * reads 50 index entries, not 10,000 rows (docs/decisions.md, list plans).
 */
function heldBy(userId: string, bound?: BranchBound): RawBuilder<unknown> {
  return unionOf(
    [
      sql`select t.* from wf_tasks t where t.state = 'open' and t.assignee_id = ${userId}`,
      sql`select t.* from wf_task_actors a join wf_tasks t on t.id = a.task_id
        where a.user_id = ${userId} and t.state = 'open' and t.assignee_id is null
          and (t.locked_by is null or t.locked_by = ${userId})`,
    ],
    't',
    bound,
  );
}

/** getTodoList: the caller's open tasks; identityList is the caller. */
export function todoList(user: {
  id: string;
  fullname: string;
  language?: Language | undefined;
}): ListSpec<TodoSql> {
  const identity = JSON.stringify([{ id: user.id, name: user.fullname }]);
  const source = (bound?: BranchBound) => sql<TodoSql>`
    select ${taskColumns(user.language)}, ${identity}::jsonb as "identityList"
    from (${heldBy(user.id, bound)}) t ${leftJoin} wf_instances i on i.id = t.inst_id`;
  return {
    source: source(),
    bounded: source,
    columns: taskFilters,
    order: [byOutput('createTime', 'desc'), byOutput('id', 'desc')],
  };
}

/**
 * getLeaderTodoList: open tasks of the leaders the caller is secretary of (within the flows
 * the secretary covers), once per task with the leaders as identityList, and the org of the
 * first of them (orgId, orgName) for the per-org leader view.
 */
export function leaderTodoList(userId: string, language?: Language): ListSpec<LeaderTodoSql> {
  return {
    source: sql<LeaderTodoSql>`
      with leaders as (
        select leader_id, def_keys from wf_secretaries where secretary_id = ${userId}
      ),
      held as (
        select t.id, l.leader_id, l.def_keys from leaders l
        join wf_tasks t on t.assignee_id = l.leader_id and t.state = 'open'
        union all
        select t.id, l.leader_id, l.def_keys from leaders l
        join wf_task_actors a on a.user_id = l.leader_id
        join wf_tasks t on t.id = a.task_id and t.state = 'open' and t.assignee_id is null
          and (t.locked_by is null or t.locked_by = l.leader_id)
      ),
      h as (
        select held.id, array_agg(held.leader_id order by held.leader_id) as leader_ids
        from held join wf_tasks t on t.id = held.id join wf_instances i on i.id = t.inst_id
        where cardinality(held.def_keys) = 0 or i.def_key = any(held.def_keys)
        group by held.id
      )
      select ${taskColumns(language)},
        array_to_string(h.leader_ids, ',') as "leaderIds",
        (select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.fullname) order by u.id)
          from users u where u.id = any(h.leader_ids)) as "identityList",
        o.id as "orgId", o.name as "orgName"
      from h ${taskJoins}
      left join lateral (
        select org.id, ${orgName(language, 'org')} as name from wf_org_members m join wf_orgs org on org.id = m.org_id
        where m.user_id = h.leader_ids[1] order by m.is_main desc, org.id limit 1
      ) o on true`,
    columns: { ...taskFilters, ...outputColumns({ orgId: ['text'], orgName: ['text', true] }) },
    order: [byOutput('createTime', 'desc'), byOutput('id', 'desc')],
  };
}

/** getDelegate: open tasks the caller owns that someone else holds (DELIVERTO, AGENT). */
export function delegateList(userId: string, language?: Language): ListSpec<TaskSql> {
  return {
    source: sql<TaskSql>`
      select ${taskColumns(language)}
      from wf_tasks t join wf_instances i on i.id = t.inst_id
      where t.state = 'open' and t.owner_id = ${userId} and t.assignee_id <> ${userId}`,
    columns: taskFilters,
    order: [byOutput('createTime', 'desc'), byOutput('id', 'desc')],
  };
}

/** What a QueryFilter may use on the notice and done rows, besides each list's own. */
const rowFilters: Parameters<typeof outputColumns>[0] = {
  subject: ['text', true],
  name: ['text', true],
  procDefName: ['text', true],
  procDefKey: ['text', true],
  typeId: ['text'],
  status: ['text', true],
  creator: ['text', true],
  createTime: ['date', true],
};

export type NoticeBox = 'todoRead' | 'doneRead' | 'myRead';

/**
 * Notices: carbon copies and follow notices received and not read yet (todoRead), read
 * (doneRead), and those the caller sent (myRead).
 */
export function noticeList(
  userId: string,
  box: NoticeBox,
  language?: Language,
): ListSpec<NoticeSql> {
  const scope =
    box === 'myRead'
      ? sql`n.sender_id = ${userId}`
      : box === 'todoRead'
        ? sql`n.receiver_id = ${userId} and not n.deleted and n.read_at is null`
        : sql`n.receiver_id = ${userId} and not n.deleted and n.read_at is not null`;
  return {
    source: sql<NoticeSql>`
      select n.id, n.task_id as "taskId", n.inst_id as "procInstId",
        ${subjectText(language)} as "subject",
        ${nodeName(language, { defId: 'i.def_id', nodeId: 'n.node_id', stored: 'n.node_name' })} as "name",
        n.node_id as "nodeId", n.kind as "status", n.opinion, n.reply,
        n.created_at as "createTime", n.read_at as "readTime", n.sender_id as "ownerId",
        su.fullname as "ownerName", n.receiver_id as "receiverId", ru.fullname as "receiverName",
        i.def_key as "procDefKey", ${flowName(language)} as "procDefName", d.category_id as "typeId",
        coalesce(i.on_behalf_of_id, i.starter_id) as "creatorId", cu.fullname as "creator",
        i.status as "instStatus"
      from wf_notices n
      join wf_instances i on i.id = n.inst_id
      join wf_definitions d on d.id = i.def_id
      join users cu on cu.id = coalesce(i.on_behalf_of_id, i.starter_id)
      join users ru on ru.id = n.receiver_id
      left join users su on su.id = n.sender_id
      where ${scope}`,
    columns: outputColumns({
      ...rowFilters,
      ownerName: ['text', true],
      readTime: ['date', true],
    }),
    order: [byOutput('createTime', 'desc'), byOutput('id', 'desc')],
  };
}

/** The actions that make a done row of the person who took them. */
export const doneActions = [
  'agree',
  'oppose',
  'abandon',
  'reject',
  'backToStart',
  'rejectToAnyNode',
  'delegate',
  'agreeTrans',
  'opposeTrans',
  'inqu',
  'commu',
  'endProcess',
];

/** A done record of the caller's (r): an action they, or a secretary for them, took on a task. */
function doneByCaller(r: string, userId: string): RawBuilder<boolean> {
  const ref = (column: string) => sql.ref(`${r}.${column}`);
  return sql<boolean>`(${ref('user_id')} = ${userId} or ${ref('on_behalf_of_id')} = ${userId})
    and ${ref('task_id')} is not null and ${ref('action')} in (${sql.join(doneActions)})`;
}

/**
 * The caller's done records (aliased r), as two UNION ALL branches (their own, a secretary's
 * for them) so each is read in list order (newest first) from its own index (migration 0016)
 * and merged. newestPerInstance keeps only the caller's newest record of each instance.
 */
function doneRecords(
  userId: string,
  newestPerInstance: boolean,
  bound?: BranchBound,
): RawBuilder<unknown> {
  const kinds = sql`r.task_id is not null and r.action in (${sql.join(doneActions)})`;
  const newest = newestPerInstance
    ? sql`and not exists (
        select 1 from wf_records n
        where n.inst_id = r.inst_id and (n.created_at, n.id) > (r.created_at, r.id)
          and ${doneByCaller('n', userId)})`
    : sql``;
  return unionOf(
    [
      sql`select r.* from wf_records r where r.user_id = ${userId} and ${kinds} ${newest}`,
      sql`select r.* from wf_records r
        where r.on_behalf_of_id = ${userId} and r.user_id is distinct from ${userId}
          and ${kinds} ${newest}`,
    ],
    'r',
    bound,
  );
}

/**
 * Whether record r (of instance i) may be recalled, before the "newest of its node" rule:
 * (instance running and opinion agree) or opinion inqu, and not recalled already (a recalled
 * action's task is no longer done).
 */
function revocable(r: string): RawBuilder<boolean> {
  const ref = (column: string) => sql.ref(`${r}.${column}`);
  return sql<boolean>`((i.status = 'running' and ${ref('action')} = 'agree') or ${ref('action')} = 'inqu')
    and exists (select 1 from wf_tasks t where t.id = ${ref('task_id')} and t.state = 'done')`;
}

/** The instance fields of a done row (instance i). */
const doneInstanceColumns = (language: Language | undefined) => sql`
  i.id, ${subjectText(language)} as "subject", i.def_id as "procDefId", i.def_key as "procDefKey",
  ${flowNameOf(language, 'i.def_id')} as "procDefName",
  i.business_key as "bizKey", i.status, i.result as "resultType", i.ended_at as "endTime",
  (extract(epoch from (coalesce(i.ended_at, now()) - i.created_at)) * 1000)::bigint as "duration",
  coalesce(i.on_behalf_of_id, i.starter_id) as "createBy",
  (select u.fullname from users u where u.id = coalesce(i.on_behalf_of_id, i.starter_id)) as "creator",
  i.created_at as "createTime",
  (select d.category_id from wf_definitions d where d.id = i.def_id) as "typeId",
  i.urgent_state as "urgentState"`;

const doneFilters = outputColumns({
  ...rowFilters,
  opinionStatus: ['text', true],
  completeTime: ['date', true],
  endTime: ['date', true],
});

/**
 * getDoneInstList: one row per action the caller (or a secretary for them) took on a task.
 * revoke is the flag of spec/workflow-office.md section 4: the action is revocable (see
 * revocable) and no newer action of the caller's on the same instance and taskKey is. Each
 * row's flag is its own lookup rather than a window over all the caller's rows, so a page
 * computes 50 flags, not 10,000, and the list can be read from an index after a cursor.
 */
export function doneList(
  userId: string,
  status: string | undefined,
  language?: Language,
): ListSpec<DoneActionSql> {
  const source = (bound?: BranchBound) => sql<DoneActionSql>`
      select ${doneInstanceColumns(language)}, r.id::text as "recordId", r.id as "__seq",
        r.task_id as "taskId", r.node_id as "taskKey",
        ${nodeName(language, { defId: 'i.def_id', nodeId: 'r.node_id', stored: 'r.node_name' })} as "name",
        r.created_at as "completeTime", r.action as "opinionStatus", r.opinion,
        ${revocable('r')} and not exists (
          select 1 from wf_records n
          where n.inst_id = r.inst_id and n.node_id = r.node_id
            and (n.created_at, n.id) > (r.created_at, r.id)
            and ${doneByCaller('n', userId)} and ${revocable('n')}
        ) as revoke
      from (${doneRecords(userId, false, bound)}) r ${leftJoin} wf_instances i on i.id = r.inst_id
      where ${status ? sql`i.status = ${status}` : sql`true`}`;
  return {
    source: source(),
    // A status filter applies after the branches: only without one may they stop early.
    ...(status ? {} : { bounded: source }),
    columns: doneFilters,
    order: [byOutput('completeTime', 'desc'), byOutput('__seq', 'desc')],
  };
}

/**
 * getDoneList: the caller's done instances, one row per instance: the caller's newest action
 * on it (completeTime). With checkRevoke the row shows the caller's revocable action when
 * there is one (its taskId is what revokeInstance takes back: the newest action that is
 * revocable, which is always the newest of its taskKey) and revoke says so; without, the
 * newest action and revoke false. Read newest first from the records' indexes, each kept
 * only when no newer action of the caller's on the same instance exists.
 */
export function doneInstanceList(
  userId: string,
  checkRevoke: boolean,
  language?: Language,
): ListSpec<DoneSql> {
  // Scalar lookups rather than a lateral join: a count uses none of them and skips them all.
  const revocableAction = (column: string) => sql`(
    select ${sql.ref(`n.${column}`)} from wf_records n
    where n.inst_id = r.inst_id and ${doneByCaller('n', userId)} and ${revocable('n')}
    order by n.created_at desc, n.id desc limit 1)`;
  const pick = (column: string) =>
    checkRevoke
      ? sql`coalesce(${revocableAction(column)}, ${sql.ref(`r.${column}`)})`
      : sql.ref(`r.${column}`);
  // In English, the node's name by the picked node id (the stored name as the fallback).
  const name = isEnglish(language)
    ? sql`coalesce((select nullif(nd.names_en ->> ${pick('node_id')}, '') from wf_definitions nd
        where nd.id = i.def_id), ${pick('node_name')})`
    : pick('node_name');
  const source = (bound?: BranchBound) => sql<DoneSql>`
    select ${doneInstanceColumns(language)}, r.id as "__seq", ${pick('task_id')} as "taskId",
      ${pick('node_id')} as "taskKey", ${name} as "name",
      r.created_at as "completeTime", ${pick('action')} as "opinionStatus",
      ${pick('opinion')} as opinion,
      ${checkRevoke ? sql`${revocableAction('id')} is not null` : sql`false`} as revoke
    from (${doneRecords(userId, true, bound)}) r
    ${leftJoin} wf_instances i on i.id = r.inst_id`;
  return {
    source: source(),
    bounded: source,
    columns: doneFilters,
    order: [byOutput('completeTime', 'desc'), byOutput('__seq', 'desc')],
  };
}

/** Instance columns for myRequest and the instance answers (names in the reader's language). */
export const instanceColumns = (language: Language | undefined) => sql`
  i.id, ${subjectText(language)} as "subject", i.def_id as "procDefId", d.def_key as "procDefKey",
  ${flowName(language)} as "procDefName",
  i.business_key as "bizKey", i.status, i.result as "resultType", i.ended_at as "endTime",
  (extract(epoch from (coalesce(i.ended_at, now()) - i.created_at)) * 1000)::bigint as "duration",
  coalesce(i.on_behalf_of_id, i.starter_id) as "createBy", cu.fullname as "creator",
  i.starter_id as "starterId", i.created_at as "createTime", i.updated_at as "updateTime",
  d.category_id as "typeId", i.urgent_state as "urgentState", i.start_org_id as "createOrgId",
  (select string_agg(distinct ${nodeName(language, { defId: 'i.def_id', nodeId: 't.node_id', stored: 't.node_name' })}, ',')
    from wf_tasks t where t.inst_id = i.id and t.state = 'open') as "currentNodes",
  (select string_agg(distinct p.fullname, '、') from wf_tasks t
    left join wf_task_actors a on t.assignee_id is null and a.task_id = t.id
    join users p on p.id = coalesce(t.assignee_id, a.user_id)
    where t.inst_id = i.id and t.state = 'open')
    as "pendingPeople"`;

/** The FROM part under instanceColumns. */
export const instanceFrom = sql`
  from wf_instances i
  join wf_definitions d on d.id = i.def_id
  join users cu on cu.id = coalesce(i.on_behalf_of_id, i.starter_id)`;

/** What a QueryFilter may use on lists of instance rows. */
export const instanceFilters = outputColumns({
  subject: ['text', true],
  procDefName: ['text', true],
  procDefKey: ['text', true],
  typeId: ['text'],
  status: ['text', true],
  bizKey: ['text'],
  createTime: ['date', true],
  endTime: ['date', true],
});

/**
 * myRequest: instances the caller started or a secretary started for them. revoke: the
 * applicant may still withdraw it (running, and no approver acted since it was submitted).
 * The two kinds are a UNION ALL, not an OR, so each is read in list order from its index.
 */
export function requestList(userId: string, language?: Language): ListSpec<RequestSql> {
  const source = (bound?: BranchBound) => sql<RequestSql>`
      select ${instanceColumns(language)},
        (i.status = 'running' and not exists (
          select 1 from wf_tasks t
          where t.inst_id = i.id and t.state = 'done' and t.node_type <> 'START'
            and t.created_at >= (select max(r.created_at) from wf_records r
              where r.inst_id = i.id and r.action in ('start', 'resubmit'))
        )) as revoke
      from (${unionOf(
        [
          sql`select i.* from wf_instances i where i.starter_id = ${userId}`,
          sql`select i.* from wf_instances i
            where i.on_behalf_of_id = ${userId} and i.starter_id <> ${userId}`,
        ],
        'i',
        bound,
      )}) i
      ${leftJoin} wf_definitions d on d.id = i.def_id
      ${leftJoin} users cu on cu.id = coalesce(i.on_behalf_of_id, i.starter_id)`;
  return {
    source: source(),
    bounded: source,
    columns: instanceFilters,
    order: [byOutput('createTime', 'desc'), byOutput('id', 'desc')],
  };
}

/** getMyDraftList: the caller's drafts. */
export function draftList(userId: string, language?: Language): ListSpec<DraftSql> {
  return {
    source: sql<DraftSql>`
      select w.id, ${subjectText(language, 'w')} as subject, w.def_id as "procDefId", w.def_key as "procDefKey",
        ${flowName(language)} as "procDefName", d.category_id as "typeId", w.business_key as "bizKey",
        w.created_at as "createTime", w.updated_at as "updateTime",
        w.source_inst_id as "sourceInstId", w.on_behalf_of_id as "leaderId"
      from wf_drafts w join wf_definitions d on d.id = w.def_id
      where w.creator_id = ${userId}`,
    columns: outputColumns({
      subject: ['text', true],
      procDefName: ['text', true],
      procDefKey: ['text', true],
      typeId: ['text'],
      createTime: ['date', true],
      updateTime: ['date', true],
    }),
    order: [byOutput('updateTime', 'desc'), byOutput('id', 'desc')],
  };
}

/** A row of startableList as its SQL writes it. */
export type StartableRow = Omit<StartableFlow, 'createTime'> & { createTime: Date };

/** A startable flow as the runtime service answers it (createTime in the business zone). */
export const startableFlowOf = (row: StartableRow, timeZone: string): StartableFlow => ({
  ...row,
  createTime: formatDateTime(row.createTime, timeZone),
});

/**
 * newProcess: main versions the caller may start (the admin: all deployed ones), with the
 * leaders the caller may start each for (as their secretary, when the leader has the right).
 */
export function startableList(user: {
  id: string;
  isAdmin: boolean;
  language?: Language | undefined;
}): ListSpec<StartableRow> {
  const right = (who: RawBuilder<unknown>) => sql`exists (
    select 1 from wf_start_rights r where r.def_key = d.def_key and (r.kind = 'everyone'
      or (r.kind = 'user' and r.ref_id = ${who})
      or (r.kind = 'role' and exists (select 1 from user_roles ur
        where ur.user_id = ${who} and ur.role_id = r.ref_id and not ur.deleted))))`;
  const mine = user.isAdmin ? sql`true` : right(sql`${user.id}`);
  return {
    source: sql<StartableRow>`select s.* from (
      select ${mine} as "canStart", d.id, d.def_key as "defKey", ${flowName(user.language)} as name, d.version, d.category_id as "typeId",
        ${categoryName(user.language)} as "typeName", d.icon, ${flowDescription(user.language)} as "desc", d.created_at as "createTime",
        c.sort as "typeSort",
        coalesce((select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.fullname)
            order by u.fullname)
          from wf_secretaries s join users u on u.id = s.leader_id
          where s.secretary_id = ${user.id}
            and (cardinality(s.def_keys) = 0 or d.def_key = any(s.def_keys))
            and ${right(sql`s.leader_id`)}), '[]'::jsonb) as leaders
      from wf_definitions d join wf_categories c on c.id = d.category_id
      where d.is_main and d.status = 'deploy'
      ) s where s."canStart" or jsonb_array_length(s.leaders) > 0`,
    columns: outputColumns({
      name: ['text', true],
      defKey: ['text', true],
      typeId: ['text'],
      typeName: ['text', true],
      createTime: ['date', true],
    }),
    order: [byOutput('typeSort'), byOutput('name'), byOutput('id')],
  };
}
