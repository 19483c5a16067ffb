import { sql } from 'kysely';
import { userNames } from '../../directory/user-names';
import type { Db } from '../../../db/database';
import type { DefinitionRow, TaskRow } from '../../../db/schema-workflow';
import { forbidden, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { formatDateTime } from '../../../lib/time';
import { actorFor, assertCanView, canView, type Caller } from '../access';
import { buttonsOf } from '../actions/shared';
import { heldTaskId } from '../actions/drafts';
import { formForBrowser } from '../bound-form';
import { returnDestinations, type NodeChoice } from '../actions/returns';
import { loadDefinition } from '../definitions';
import { requestersOf, type Ctx } from '../engine/context';
import { approves } from '../engine/tasks';
import type { FieldChange } from '../actions/content';
import type { FormDefinition, FormField } from '../model/form';
import { instanceColumns } from './lists';
import { pendingSteps } from './pending';
import { node } from '../model/graph';
import { isEnglish, nodeLabel, orgName, subjectLabel } from './names';
import type { Language } from '../../../../src/core/languages';
import type { InstanceFields } from '../../../../src/contract/workflow-details';

/** A read-only context: the instance and its definition, no lock (for answers, not actions). */
export async function readCtx(db: Db, instId: string): Promise<Ctx> {
  const inst = await db
    .selectFrom('wf_instances')
    .selectAll()
    .where('id', '=', instId)
    .executeTakeFirst();
  if (!inst) throw notFound('server:workflow.instanceNotFound');
  return { trx: db, now: new Date(), newId, inst, def: await loadDefinition(db, inst.def_id) };
}

async function taskRow(db: Db, taskId: string): Promise<TaskRow> {
  const task = await db
    .selectFrom('wf_tasks')
    .selectAll()
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task) throw notFound('server:workflow.taskNotFound');
  return task;
}

/** instanceColumns and the org's name as their SQL writes them. */
type InstanceRow = Omit<InstanceFields, 'endTime' | 'createTime' | 'updateTime'> & {
  endTime: Date | null;
  createTime: Date;
  updateTime: Date;
};

/** The instance as the platform describes it (DefaultBpmProcessInstance fields). */
export async function instanceInfo(db: Db, caller: Caller, instId: string, timeZone: string) {
  await assertCanView(db, instId, caller.id, caller.isAdmin);
  const ctx = await readCtx(db, instId);
  const row = await sql<InstanceRow>`
    select ${instanceColumns(caller.language)}, ${orgName(caller.language)} as "createOrgName"
    from wf_instances i join wf_definitions d on d.id = i.def_id
    join users cu on cu.id = coalesce(i.on_behalf_of_id, i.starter_id)
    left join wf_orgs o on o.id = i.start_org_id
    where i.id = ${instId}`.execute(db);
  const open = await db
    .selectFrom('wf_tasks as t')
    .leftJoin('users as u', 'u.id', 't.assignee_id')
    .select([
      't.id as taskId',
      't.node_id as nodeId',
      't.node_name as name',
      't.status',
      'u.fullname as assigneeName',
    ])
    .where('t.inst_id', '=', instId)
    .where('t.state', '=', 'open')
    .orderBy('t.created_at')
    .execute();
  const found = row.rows[0]!;
  return {
    ...found,
    endTime: formatDateTime(found.endTime, timeZone),
    createTime: formatDateTime(found.createTime, timeZone),
    updateTime: formatDateTime(found.updateTime, timeZone),
    form: await formForBrowser(db, ctx.def.form),
    data: ctx.inst.form_data,
    currentTasks: open.map((row) => ({
      ...row,
      name: nodeLabel(caller.language, ctx.def.row, row.nodeId, row.name),
    })),
    // The caller's own open task here, if any (/formManage edits the form through it).
    myTaskId: await heldTaskId(db, caller, instId),
    // Who must act now, step by step (queries/pending.ts).
    pending: await pendingSteps(db, ctx.def, instId, caller.language),
  };
}

/**
 * Why a task came back to its holder (a return, a refused countersign, an opposed request
 * sent back): who, when, from which step and their opinion, for the banner over the form.
 */
async function returnedBy(db: Db, caller: Caller, ctx: Ctx, task: TaskRow, timeZone: string) {
  if (task.status !== 'BACK' && task.status !== 'BACKSHARE') return null;
  const row = await db
    .selectFrom('wf_records as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.node_id', 'r.node_name', 'r.action', 'r.opinion', 'r.created_at', 'u.fullname'])
    .where('r.inst_id', '=', task.inst_id)
    .where('r.created_at', '<=', task.created_at)
    .where('r.action', 'in', [...returnActions, 'oppose', 'signResult'])
    .orderBy('r.id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.fullname ?? '',
    nodeName: nodeLabel(caller.language, ctx.def.row, row.node_id, row.node_name),
    action: row.action,
    opinion: row.opinion,
    time: formatDateTime(row.created_at, timeZone),
  };
}

/** Where reject (to the previous step) and backToStart send the flow, with its people. */
async function returnTargets(db: Db, caller: Caller, ctx: Ctx, task: TaskRow) {
  const previous = task.prev_node_id ?? ctx.def.graph.startId;
  const last = await db
    .selectFrom('wf_tasks as t')
    .innerJoin('users as u', 'u.id', 't.completed_by')
    .select('u.fullname')
    .where('t.inst_id', '=', task.inst_id)
    .where('t.node_id', '=', previous)
    .where('t.state', '=', 'done')
    .orderBy('t.completed_at', 'desc')
    .executeTakeFirst();
  const applicant = await db
    .selectFrom('users')
    .select('fullname')
    .where('id', '=', ctx.inst.on_behalf_of_id ?? ctx.inst.starter_id)
    .executeTakeFirstOrThrow();
  const start = previous === ctx.def.graph.startId;
  return {
    previous: {
      nodeId: previous,
      nodeName: nodeLabel(
        caller.language,
        ctx.def.row,
        previous,
        node(ctx.def.graph, previous).name,
      ),
      name: start ? applicant.fullname : (last?.fullname ?? ''),
    },
    applicant: applicant.fullname,
  };
}

/** get?id: the task, its instance, the form with its data and what this node may edit. */
export async function taskDetail(db: Db, caller: Caller, taskId: string, timeZone: string) {
  const task = await taskRow(db, taskId);
  const actor = await actorFor(db, caller, null);
  await assertCanView(db, task.inst_id, actor.identity, caller.isAdmin);
  const ctx = await readCtx(db, task.inst_id);
  const nodeSettings = ctx.def.graph.nodes.get(task.node_id)?.task;
  const editable = task.node_type === 'START' ? '*' : (nodeSettings?.editable ?? []);
  // What 反对 does here, so the confirmation can say it before the user presses: a vote on a
  // countersign, else the node's onOppose (the request ends as refused, or goes back).
  const opposeOutcome: 'vote' | 'end' | 'backToStart' = nodeSettings?.sign
    ? 'vote'
    : (nodeSettings?.onOppose ?? 'end');
  return {
    task: {
      id: task.id,
      taskId: task.id,
      name: nodeLabel(caller.language, ctx.def.row, task.node_id, task.node_name),
      nodeId: task.node_id,
      nodeType: task.node_type,
      kind: task.kind,
      status: task.status,
      state: task.state,
      procInstId: task.inst_id,
      subject: subjectLabel(caller.language, ctx.inst),
      assigneeId: task.assignee_id,
      ownerId: task.owner_id,
      parentId: task.parent_id,
      lockedBy: task.locked_by,
      createTime: formatDateTime(task.created_at, timeZone),
      dueTime: formatDateTime(task.due_at, timeZone),
      dueStatus: task.due_status,
      opposeOutcome,
    },
    instance: await instanceInfo(db, caller, task.inst_id, timeZone),
    form: await formForBrowser(db, ctx.def.form),
    data: ctx.inst.form_data,
    editable,
    returnedBy: await returnedBy(db, caller, ctx, task, timeZone),
    returnsTo: await returnTargets(db, caller, ctx, task),
  };
}

/** May the actor act on this task now (the holder, or an unlocked candidate)? */
async function holds(db: Db, task: TaskRow, identity: string): Promise<boolean> {
  if (task.state !== 'open') return false;
  if (task.assignee_id) return task.assignee_id === identity;
  const candidate = await db
    .selectFrom('wf_task_actors')
    .select('user_id')
    .where('task_id', '=', task.id)
    .where('user_id', '=', identity)
    .executeTakeFirst();
  return candidate !== undefined && (task.locked_by === null || task.locked_by === identity);
}

const returnAliases = ['reject', 'backToStart', 'rejectToAnyNode'];
const returnActions = [...returnAliases];

/** A button's label: agree on a task the flow returned to the start is a resubmission. */
function buttonName(caller: Caller, task: TaskRow, alias: string): string {
  if (alias === 'agree' && task.node_type === 'START') {
    return caller.translate('server:workflow.button.resubmit');
  }
  return caller.translate(`server:workflow.button.${alias}`);
}

/**
 * getButtonsBytaskId: the node's buttons in the spec's order (TaskDetailVo). Someone who may
 * read the task but not act on it (the owner of an agent's task, a former approver) gets no
 * buttons and readOnly true.
 */
export async function taskButtons(db: Db, caller: Caller, taskId: string) {
  const task = await taskRow(db, taskId);
  const ctx = await readCtx(db, task.inst_id);
  const actor = await actorFor(db, caller, ctx.inst.def_key);
  await assertCanView(db, task.inst_id, actor.identity, caller.isAdmin);
  // Nobody approves their own request: its requesters see the task without buttons.
  const ownRequest = [actor.userId, actor.identity].some((id) =>
    requestersOf(ctx.inst).includes(id),
  );
  const canAct =
    ctx.inst.status === 'running' &&
    !(ownRequest && approves(ctx, task.node_id, task.kind)) &&
    (await holds(db, task, actor.identity));
  const aliases = canAct ? buttonsOf(ctx, task) : [];
  const rejectMode = aliases.filter((alias) => returnAliases.includes(alias)).join(',');
  return {
    taskId: task.id,
    status: task.status,
    kind: task.kind,
    readOnly: !canAct,
    isAddSign: task.kind === 'addsign',
    buttons: aliases.map((alias) => ({
      name: buttonName(caller, task, alias),
      alias,
      beforeScript: '',
      afterScript: '',
      groovyScript: '',
      supportScript: false,
      ...(returnAliases.includes(alias) ? { rejectMode } : {}),
      ...(alias === 'lockUnlock' ? { isLock: task.locked_by === actor.identity } : {}),
    })),
  };
}

/** A value of a changed field as its reader sees it: a choice's label, else the value. */
function shownValue(field: FormField | undefined, value: unknown, english: boolean): unknown {
  const option = field?.options?.find((candidate) => candidate.value === value);
  if (!option) return value;
  return english ? option.labelEn || option.label : option.label;
}

/** A formChange record's fields with their labels and values in the reader's language. */
function changesForReader(caller: Caller, form: FormDefinition, detail: Record<string, unknown>) {
  const english = isEnglish(caller.language);
  const changes = (detail.fields ?? []) as FieldChange[];
  return {
    fields: changes.map((change) => {
      const field = form.fields.find((candidate) => candidate.name === change.name);
      return {
        ...change,
        label: (english ? field?.labelEn || field?.label : field?.label) ?? change.name,
        before: shownValue(field, change.before, english),
        after: shownValue(field, change.after, english),
      };
    }),
  };
}

/** The people a record's action named (delegate to, add-sign, inquiries, transfers...). */
function targetIds(detail: Record<string, unknown>): string[] {
  const users = Array.isArray(detail.users) ? detail.users : [];
  const to = typeof detail.to === 'string' ? [detail.to] : [];
  return [...users, ...to].filter((id): id is string => typeof id === 'string');
}

/** instanceFlowOpinions: every action on the instance, oldest first. */
export async function opinions(
  db: Db,
  caller: Caller,
  instId: string,
  timeZone: string,
  nodeId?: string,
) {
  await assertCanView(db, instId, caller.id, caller.isAdmin);
  const { row: def, form } = (await readCtx(db, instId)).def;
  let query = db
    .selectFrom('wf_records as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as l', 'l.id', 'r.on_behalf_of_id')
    .leftJoin('users as a', 'a.id', 'r.acting_as_id')
    .select([
      'r.acting_as_id',
      'a.fullname as acting_as_name',
      'r.id',
      'r.task_id',
      'r.node_id',
      'r.node_name',
      'r.action',
      'r.opinion',
      'r.files',
      'r.zfiles',
      'r.user_id',
      'u.fullname as user_name',
      'r.on_behalf_of_id',
      'l.fullname as leader_name',
      'r.detail',
      'r.created_at',
    ])
    .where('r.inst_id', '=', instId);
  if (nodeId) query = query.where('r.node_id', '=', nodeId);
  const rows = await query.orderBy('r.id').execute();
  const names = await userNames(
    db,
    rows.flatMap((row) => targetIds(row.detail)),
  );
  return rows.map((row) => ({
    id: String(row.id),
    taskId: row.task_id ?? '',
    taskKey: row.node_id,
    taskName: nodeLabel(caller.language, def, row.node_id, row.node_name),
    status: row.action,
    statusName: caller.translate(`server:workflow.action.${row.action}`),
    opinion: row.opinion,
    files: row.files,
    zfiles: row.zfiles,
    auditor: row.on_behalf_of_id ?? row.user_id ?? '',
    auditorName: row.leader_name ?? row.user_name ?? '',
    operatorId: row.user_id ?? '',
    operatorName: row.user_name ?? '',
    // Whom the action was about: "陈伟 加签 孙丽".
    targetNames: targetIds(row.detail)
      .map((id) => names.get(id) ?? '')
      .filter(Boolean)
      .join('、'),
    // A secretary acting for a leader who holds someone else's task: the leader.
    actingAs: row.acting_as_id ?? '',
    actingAsName: row.acting_as_name ?? '',
    detail: row.action === 'formChange' ? changesForReader(caller, form, row.detail) : row.detail,
    createTime: formatDateTime(row.created_at, timeZone),
    completeTime: formatDateTime(row.created_at, timeZone),
  }));
}

/**
 * instanceFlowImage / getBpmImage: the BPMN XML for the bpmn-js viewer with the nodes done
 * and flows taken, the nodes with open tasks, and the opinions per node for overlays.
 */
/**
 * The names the chart shows in the reader's language where they differ from the XML's, by
 * element id: in English, the version's English names (a version deployed before it had them,
 * or one without, has none and the chart keeps the XML's Chinese); otherwise none.
 */
function chartNames(caller: Caller, def: DefinitionRow): Record<string, string> {
  return isEnglish(caller.language) ? def.names_en : {};
}

export async function flowImage(
  db: Db,
  caller: Caller,
  ref: { instId?: string; defId?: string },
  timeZone: string,
) {
  if (!ref.instId) {
    if (!ref.defId) throw notFound('server:workflow.defNotFound');
    const def = await loadDefinition(db, ref.defId);
    return {
      defId: def.row.id,
      defKey: def.row.def_key,
      bpmnXml: def.row.bpmn_xml,
      names: chartNames(caller, def.row),
      doneNodes: [],
      doneFlows: [],
      currentNodes: [],
      opinions: {},
    };
  }
  await assertCanView(db, ref.instId, caller.id, caller.isAdmin);
  const ctx = await readCtx(db, ref.instId);
  const trailRows = await db
    .selectFrom('wf_trail')
    .select(['element_id', 'kind'])
    .where('inst_id', '=', ref.instId)
    .orderBy('id')
    .execute();
  const open = await db
    .selectFrom('wf_tasks')
    .select('node_id')
    .distinct()
    .where('inst_id', '=', ref.instId)
    .where('state', '=', 'open')
    .execute();
  const byNode: Record<
    string,
    {
      auditorName: string;
      operatorName: string;
      status: string;
      statusName: string;
      opinion: string;
      createTime: string;
    }[]
  > = {};
  for (const item of await opinions(db, caller, ref.instId, timeZone)) {
    if (!item.taskId) continue;
    (byNode[item.taskKey] ??= []).push({
      // whose action it was, and who pressed the button (an agent, a secretary, a delegate)
      auditorName: item.auditorName,
      operatorName: item.operatorName,
      status: item.status,
      // The action in the reader's language (签收, not the key `lock`).
      statusName: item.statusName,
      opinion: item.opinion,
      createTime: item.createTime,
    });
  }
  const unique = (kind: 'node' | 'flow') => [
    ...new Set(trailRows.filter((row) => row.kind === kind).map((row) => row.element_id)),
  ];
  return {
    defId: ctx.def.row.id,
    defKey: ctx.def.row.def_key,
    bpmnXml: ctx.def.row.bpmn_xml,
    names: chartNames(caller, ctx.def.row),
    instStatus: ctx.inst.status,
    doneNodes: unique('node'),
    doneFlows: unique('flow'),
    currentNodes: open.map((row) => row.node_id),
    pending: await pendingSteps(db, ctx.def, ref.instId, caller.language),
    opinions: byNode,
  };
}

/** getNodeDefs / taskNode: the nodes of a definition (nodeId, name, nodeType). */
export async function nodeDefs(
  db: Db,
  ref: { defId?: string; instId?: string },
  language?: Language,
) {
  let defId = ref.defId;
  if (!defId && ref.instId) defId = (await readCtx(db, ref.instId)).def.row.id;
  if (!defId) throw notFound('server:workflow.defNotFound');
  const def = await loadDefinition(db, defId);
  return [...def.graph.nodes.values()].map((node) => ({
    nodeId: node.id,
    name: nodeLabel(language, def.row, node.id, node.name),
    nodeType: node.type,
    ...(node.task?.sign ? { sign: node.task.sign } : {}),
  }));
}

/** getAfterJumpNodes / taskToReject: where the holder of a task may send the flow back to. */
export async function destinationsOf(
  db: Db,
  caller: Caller,
  taskId: string,
): Promise<NodeChoice[]> {
  const task = await taskRow(db, taskId);
  const ctx = await readCtx(db, task.inst_id);
  const actor = await actorFor(db, caller, ctx.inst.def_key);
  if (!(await holds(db, task, actor.identity))) throw forbidden('server:workflow.notYourTask');
  return returnDestinations(ctx, task);
}

/** getExcutorNameByInstId: who holds each open node. */
export async function executors(db: Db, caller: Caller, instId: string) {
  await assertCanView(db, instId, caller.id, caller.isAdmin);
  const def = (await readCtx(db, instId)).def.row;
  const rows = await sql<{ nodeId: string; nodeName: string; name: string | null }>`
    select t.node_id as "nodeId", t.node_name as "nodeName", u.fullname as name
    from wf_tasks t
    left join wf_task_actors a on a.task_id = t.id and t.assignee_id is null
    left join users u on u.id = coalesce(t.assignee_id, a.user_id)
    where t.inst_id = ${instId} and t.state = 'open'
    order by t.created_at, t.seq`.execute(db);
  const nodes = new Map<string, { nodeId: string; nodeName: string; executors: string[] }>();
  for (const row of rows.rows) {
    const entry = nodes.get(row.nodeId) ?? {
      nodeId: row.nodeId,
      nodeName: nodeLabel(caller.language, def, row.nodeId, row.nodeName),
      executors: [],
    };
    if (row.name && !entry.executors.includes(row.name)) entry.executors.push(row.name);
    nodes.set(row.nodeId, entry);
  }
  return [...nodes.values()];
}

/**
 * getTaskKeyByNodeId: the open tasks at a node of an instance, as getTaskKeyByTaskId answers
 * one task; the caller's own task first, so a client that takes the first opens theirs. An
 * instance the caller may not read answers like one without tasks there (404), so the call
 * does not tell which instances exist.
 */
export async function tasksAtNode(db: Db, caller: Caller, instId: string, nodeId: string) {
  const visible = await canView(db, instId, caller.id, caller.isAdmin);
  const rows = visible
    ? await db
        .selectFrom('wf_tasks as t')
        .select([
          't.id as taskId',
          't.node_id as taskKey',
          't.node_name as taskName',
          't.inst_id as procInstId',
          't.status',
          't.assignee_id as assigneeId',
        ])
        .where('t.inst_id', '=', instId)
        .where('t.node_id', '=', nodeId)
        .where('t.state', '=', 'open')
        .orderBy(sql`case when t.assignee_id = ${caller.id} then 0 else 1 end`)
        .orderBy('t.created_at')
        .orderBy('t.seq')
        .execute()
    : [];
  if (rows.length === 0) throw notFound('server:workflow.noTaskAtNode');
  const def = (await readCtx(db, instId)).def.row;
  const named = rows.map((row) => ({
    ...row,
    taskName: nodeLabel(caller.language, def, row.taskKey, row.taskName),
  }));
  return { ...named[0]!, tasks: named };
}
