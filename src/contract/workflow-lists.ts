import { Type, type Static, type TSchema } from 'typebox';
import { defineCalls } from './call';
import { pageList, queryFilter } from './envelope';
import { nullable } from './fields';
import { startableFlow } from './workflow-flows';

/**
 * The runtime service's lists (docs/workflow.md, "Lists"): to-do tasks, notices, done actions,
 * requests, drafts and the flows one may start, each a PageList of its own rows, and their
 * counts per flow category. Every row holds only what is the caller's (the scope comes from
 * the session). Times are "yyyy-MM-dd HH:mm:ss" in the business time zone, '' where none.
 */
const task = '/runtime/task/v1';
const instance = '/runtime/instance/v1';

const text = Type.String();

/** The flow a row belongs to, named in the reader's language. */
const flowFields = {
  procDefKey: text,
  procDefName: text,
  /** The flow's category, by which the counts are grouped. */
  typeId: text,
};

/** The person a task or notice was started by, and the instance's state. */
const applicantFields = {
  /** The applicant: the leader a secretary started it for, else the starter. */
  creatorId: text,
  creator: text,
  /** The instance's status: running, end, manualend or revoke. */
  instStatus: text,
};

/** DefaultBpmTask: an open task, its step and flow named in the reader's language. */
const taskFields = {
  id: text,
  /** The same id: the platform's rows carry both. */
  taskId: text,
  /** The step's name. */
  name: text,
  subject: text,
  /** The token the task runs on. */
  execId: text,
  nodeId: text,
  /** START, USERTASK or SIGNTASK. */
  nodeType: text,
  /** main, sign, addsign, inqu, commu, trans or customsign. */
  kind: text,
  procInstId: text,
  procDefId: text,
  ...flowFields,
  /** Whose task it is when someone else holds it (a delegated or an agent's task). */
  ownerId: nullable(text),
  ownerName: nullable(text),
  /** Who holds it; null while it is shared among candidates nobody took. */
  assigneeId: nullable(text),
  assigneeName: nullable(text),
  ...applicantFields,
  /** NORMAL, SHARE, BACKSHARE, BACK, DELIVERTO, AGENT, ... (the opening rule reads it). */
  status: text,
  dueTime: text,
  /** 1 once the due time has passed, else 0. */
  dueStatus: Type.Integer(),
  isRead: Type.Boolean(),
  urgentStateValue: text,
  /** The task that asked for this one (add-sign, inquiry, transfer, ...). */
  parentId: nullable(text),
  /** When the task arrived. */
  createTime: text,
  /** When the instance started. */
  createDate: text,
  /** Who claimed the shared task. */
  lockedBy: nullable(text),
};

const identity = Type.Object({ id: text, name: text });

/** getDelegate: tasks the caller owns that another person holds. */
const taskRow = Type.Object(taskFields);

export type TaskRow = Static<typeof taskRow>;

/** getTodoList: the caller's tasks. */
const todoRow = Type.Object({
  ...taskFields,
  /** Who the task may be opened as: the caller. */
  identityList: Type.Array(identity),
});

export type TodoRow = Static<typeof todoRow>;

/** getLeaderTodoList: the tasks of the leaders the caller is secretary of. */
const leaderTodoRow = Type.Object({
  ...taskFields,
  /** The leaders whose task it is, comma-separated. */
  leaderIds: text,
  /** The same leaders: a secretary picks one to act for when there are several. */
  identityList: Type.Array(identity),
  /** The first leader's department. */
  orgId: nullable(text),
  orgName: nullable(text),
});

export type LeaderTodoRow = Static<typeof leaderTodoRow>;

/** A carbon copy or a follow notice. */
const noticeRow = Type.Object({
  id: text,
  /** The task it was sent from. */
  taskId: nullable(text),
  procInstId: text,
  subject: text,
  /** The step it was sent from. */
  name: text,
  nodeId: text,
  /** COPYTO (a carbon copy) or FOLLOW (a followed step was reached). */
  status: text,
  /** The sender's note. */
  opinion: text,
  reply: nullable(text),
  createTime: text,
  /** '' while unread. */
  readTime: text,
  /** The sender; none for a follow notice. */
  ownerId: nullable(text),
  ownerName: nullable(text),
  receiverId: text,
  receiverName: text,
  ...flowFields,
  ...applicantFields,
});

export type NoticeRow = Static<typeof noticeRow>;

/** An instance's own fields, as the done and request lists give them. */
const instanceFields = {
  id: text,
  subject: text,
  procDefId: text,
  ...flowFields,
  bizKey: text,
  /** running, end, manualend or revoke. */
  status: text,
  /** How an ended instance came out (agree or refuse); null while running. */
  resultType: nullable(text),
  /** '' while running. */
  endTime: text,
  /** Milliseconds from the start to the end, or to now while running. */
  duration: Type.Number(),
  /** The applicant: the leader a secretary started it for, else the starter. */
  createBy: text,
  creator: text,
  createTime: text,
  urgentState: text,
};

/** The action a done row shows, on the instance's fields. */
const doneFields = {
  ...instanceFields,
  /** The task acted on: what revokeInstance takes back. */
  taskId: text,
  /** The step's node id. */
  taskKey: text,
  /** The step's name. */
  name: text,
  /** When the caller acted. */
  completeTime: text,
  /** The action: agree, oppose, reject, delegate, inqu, ... */
  opinionStatus: text,
  opinion: text,
  /** Whether the caller may still take the action back (docs/workflow.md, the revoke flag). */
  revoke: Type.Boolean(),
};

/** getDoneList: an instance the caller acted on, with their newest (or revocable) action. */
const doneRow = Type.Object(doneFields);

export type DoneRow = Static<typeof doneRow>;

/** getDoneInstList: one action of the caller's. */
const doneActionRow = Type.Object({
  ...doneFields,
  /** The action's record. */
  recordId: text,
});

export type DoneActionRow = Static<typeof doneActionRow>;

/** myRequest: an instance the caller started, or a secretary started for them. */
const requestRow = Type.Object({
  ...instanceFields,
  starterId: text,
  updateTime: text,
  /** The department it was started from. */
  createOrgId: nullable(text),
  /** The open steps' names, comma-separated; null when none. */
  currentNodes: nullable(text),
  /** The names of the people who must act now, joined with 、; null when none. */
  pendingPeople: nullable(text),
  /** Whether the applicant may still withdraw it: running, and nobody acted since. */
  revoke: Type.Boolean(),
});

export type RequestRow = Static<typeof requestRow>;

/** getMyDraftList: a start form saved to finish later. */
const draftRow = Type.Object({
  id: text,
  subject: text,
  procDefId: text,
  ...flowFields,
  bizKey: text,
  createTime: text,
  updateTime: text,
  /** The withdrawn instance it came back from. */
  sourceInstId: nullable(text),
  /** The leader a secretary drafted it for. */
  leaderId: nullable(text),
});

export type DraftRow = Static<typeof draftRow>;

/** The status a list may be narrowed to (?status=). */
export const instanceStatusQuery = Type.Object({
  // Spelled out, not mapped from a list: a mapped list types every entry as never.
  status: Type.Optional(
    Type.Union([
      Type.Literal('running'),
      Type.Literal('end'),
      Type.Literal('manualend'),
      Type.Literal('revoke'),
    ]),
  ),
});

/** getDoneList's query string: ?isCheckRevoke rather than ?status. */
const doneListQuery = Type.Object({ isCheckRevoke: Type.Optional(Type.Boolean()) });

const listBody = Type.Optional(queryFilter);

/** A list's schema: the status it may be narrowed to, the QueryFilter, a page of its rows. */
const listSchema = <Row extends TSchema>(summary: string, row: Row) =>
  ({
    summary,
    querystring: instanceStatusQuery,
    body: listBody,
    response: { 200: pageList(row) },
  }) as const;

export const listCalls = defineCalls({
  todo: {
    method: 'POST',
    path: `${task}/getTodoList`,
    schema: listSchema("The caller's to-do tasks (DefaultBpmTask rows with identityList)", todoRow),
  },
  leader: {
    method: 'POST',
    path: `${task}/getLeaderTodoList`,
    schema: listSchema(
      'To-do tasks of the leaders the caller is secretary of (identityList, orgId, orgName)',
      leaderTodoRow,
    ),
  },
  myDelegate: {
    method: 'POST',
    path: `${task}/getDelegate`,
    schema: listSchema(
      'Open tasks the caller owns that another person holds (DELIVERTO, AGENT)',
      taskRow,
    ),
  },
  todoRead: {
    method: 'POST',
    path: `${task}/getNoticeTodoReadList`,
    schema: listSchema('Carbon copies and follow notices not read yet', noticeRow),
  },
  doneRead: {
    method: 'POST',
    path: `${task}/getNoticeDoneReadList`,
    schema: listSchema('Carbon copies and follow notices read', noticeRow),
  },
  myRead: {
    method: 'POST',
    path: `${task}/getMyNoticeReadList`,
    schema: listSchema('Carbon copies the caller sent', noticeRow),
  },
  done: {
    method: 'POST',
    path: `${instance}/getDoneInstList`,
    schema: listSchema(
      'One row per action the caller took on a task, with the computed revoke flag',
      doneActionRow,
    ),
  },
  doneByInstance: {
    method: 'POST',
    path: `${instance}/getDoneList`,
    schema: {
      ...listSchema(
        'One row per instance the caller acted on; with isCheckRevoke=true the revocable action and its flag',
        doneRow,
      ),
      querystring: doneListQuery,
    },
  },
  request: {
    method: 'POST',
    path: `${instance}/myRequest`,
    schema: listSchema(
      'Instances the caller started (revoke: they may still withdraw it)',
      requestRow,
    ),
  },
  draft: {
    method: 'POST',
    path: `${instance}/getMyDraftList`,
    schema: listSchema("The caller's drafts", draftRow),
  },
  newProcess: {
    method: 'POST',
    path: `${instance}/newProcess`,
    schema: listSchema(
      'Flows the caller may start, with the leaders they may start each for',
      startableFlow,
    ),
  },
});

/** The count calls: rows per flow category, as the platform answers them. */
const countAnswer = Type.Array(Type.Object({ typeId: text, count: Type.Integer() }));

/** A count's schema: the list's status filter and its counts per category. */
const countSchema = (list: string) =>
  ({
    summary: `How many rows ${list} has, per flow category`,
    querystring: instanceStatusQuery,
    response: { 200: countAnswer },
  }) as const;

/** The lists' counts, under the keys of their lists; the POST ones take the list's filters. */
export const listCountCalls = defineCalls({
  todo: {
    method: 'POST',
    path: `${task}/getTodoCount`,
    schema: { ...countSchema('getTodoList'), body: listBody },
  },
  leader: {
    method: 'POST',
    path: `${task}/getLeaderTodoCount`,
    schema: { ...countSchema('getLeaderTodoList'), body: listBody },
  },
  myDelegate: {
    method: 'POST',
    path: `${task}/getDelegateCount`,
    schema: { ...countSchema('getDelegate'), body: listBody },
  },
  todoRead: {
    method: 'POST',
    path: `${task}/getNoticeTodoReadCount`,
    schema: { ...countSchema('getNoticeTodoReadList'), body: listBody },
  },
  doneRead: {
    method: 'POST',
    path: `${task}/getNoticeDoneReadCount`,
    schema: { ...countSchema('getNoticeDoneReadList'), body: listBody },
  },
  myRead: {
    method: 'POST',
    path: `${task}/getMyNoticeReadCount`,
    schema: { ...countSchema('getMyNoticeReadList'), body: listBody },
  },
  done: {
    method: 'POST',
    path: `${instance}/getDoneInstCount`,
    schema: { ...countSchema('getDoneInstList'), body: listBody },
  },
  request: {
    method: 'GET',
    path: `${instance}/myRequestCount`,
    schema: countSchema('myRequest'),
  },
  draft: {
    method: 'GET',
    path: `${instance}/myDraftCount`,
    schema: countSchema('getMyDraftList'),
  },
  newProcess: {
    method: 'POST',
    path: `${instance}/newProcessCount`,
    schema: { ...countSchema('newProcess'), body: listBody },
  },
});
