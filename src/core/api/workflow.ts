import type { PageList } from '../../contract/envelope';
import type { AnswerOf, BodyOf, Call, RouteOf } from '../../contract/call';
import type {
  Draft,
  StartAnswer,
  UrgentState,
  instanceCalls,
} from '../../contract/workflow-instances';
import type { NodeChoice, TaskButtons, taskCalls } from '../../contract/workflow-tasks';
import type { DueTime, FollowedNode, timingCalls } from '../../contract/workflow-timing';
import type { Incident, incidentCalls } from '../../contract/workflow-incidents';
import type {
  DetailCallsFor,
  FlowImage,
  InfoBox,
  InfoMap,
  OpinionRecord,
  ReturnReason,
} from '../../contract/workflow-details';
import type {
  FavouriteFlow,
  FlowCallsFor,
  FlowCategory,
  StartableFlow,
} from '../../contract/workflow-flows';
import type {
  AgentRule,
  Deputy,
  Secretary,
  agentCalls,
  deputyCalls,
  secretaryCalls,
} from '../../contract/delegation';
import type { Phrase, phraseCalls } from '../../contract/phrases';
import type { TodoRow, listCalls } from '../../contract/workflow-lists';
import { send, type CommonResult } from '../http';
import type { FlowForm, FormValues } from '../workflow/form';
import { encodeData } from '../workflow/form';
import type { QueryFilter } from '../workflow/query';
import type { PendingPerson, PendingStep } from '../workflow/pending';

export type { PendingPerson, PendingStep };

/**
 * The workflow calls of the runtime and model services (docs/workflow.md, reference/
 * platform-api.md section 3). Requests carry `leaderId` when `$actingFor` is set (the
 * request layer adds it); failures are shown by the request layer with the server's
 * message unless a call says `quiet`.
 */

const task = '/runtime/task/v1';
const instance = '/runtime/instance/v1';

export type { PageList, TodoRow };

type ListCalls = typeof listCalls;

/** The lists the list element shows, by the names of its `kind` (getDoneList is not one). */
export type ListKind = Exclude<keyof ListCalls, 'doneByInstance'>;

/** Where each list's call goes. */
const listRoutes: { [Kind in ListKind]: RouteOf<ListCalls[Kind]> } = {
  todo: { method: 'POST', path: `${task}/getTodoList` },
  leader: { method: 'POST', path: `${task}/getLeaderTodoList` },
  myDelegate: { method: 'POST', path: `${task}/getDelegate` },
  todoRead: { method: 'POST', path: `${task}/getNoticeTodoReadList` },
  doneRead: { method: 'POST', path: `${task}/getNoticeDoneReadList` },
  myRead: { method: 'POST', path: `${task}/getMyNoticeReadList` },
  done: { method: 'POST', path: `${instance}/getDoneInstList` },
  request: { method: 'POST', path: `${instance}/myRequest` },
  draft: { method: 'POST', path: `${instance}/getMyDraftList` },
  newProcess: { method: 'POST', path: `${instance}/newProcess` },
};

/**
 * A row of any of the lists (their fields: src/contract/workflow-lists.ts): one of the
 * contract's rows, whose fields a list's columns also read by name.
 */
export type ListRow = AnswerOf<ListCalls[ListKind]>['rows'][number] & Record<string, unknown>;

export function fetchList(kind: ListKind, filter: QueryFilter): Promise<PageList<ListRow>> {
  return send<ListCalls[ListKind]>('bpmRunTime', listRoutes[kind], { body: filter });
}

export function todoList(filter: QueryFilter): Promise<PageList<TodoRow>> {
  return send<ListCalls['todo']>('bpmRunTime', listRoutes.todo, { body: filter });
}

/** The task and instance pages' reads, their forms read as the browser's FlowForm. */
type DetailCalls = DetailCallsFor<FlowForm>;

export type { InfoBox, InfoMap };

export function infoMap(): Promise<InfoMap> {
  return send<DetailCalls['infoMap']>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/getDefaultInfoMap' },
    {},
  );
}

// ---------------------------------------------------------------------------------------
// A task and its actions

export type InstanceInfo = AnswerOf<DetailCalls['instance']>;
export type TaskDetail = AnswerOf<DetailCalls['task']>;
export type { ReturnReason };

export function taskDetail(taskId: string): Promise<TaskDetail> {
  return send<DetailCalls['task']>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/task/v1/get' },
    { query: { id: taskId } },
  );
}

export function taskButtons(taskId: string): Promise<TaskButtons> {
  return send<typeof taskCalls.buttons>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/task/v1/getButtonsBytaskId' },
    { query: { taskId } },
  );
}

export function jumpNodes(taskId: string): Promise<NodeChoice[]> {
  return send<typeof taskCalls.jumpNodes>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/task/v1/getAfterJumpNodes' },
    { body: { taskId } },
  );
}

/** Files of an opinion: the platform keeps them as JSON text of [{id, name, size}]. */
export interface OpinionFile {
  id: string;
  name: string;
  size?: number;
}

export function filesText(files: readonly OpinionFile[]): string {
  return files.length
    ? JSON.stringify(files.map(({ id, name, size }) => ({ id, name, size })))
    : '';
}

/** Parses the files JSON of an opinion; broken text is no files, not an error page. */
export function parseFiles(text: unknown): OpinionFile[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter(
          (file): file is OpinionFile =>
            typeof file === 'object' &&
            file !== null &&
            typeof (file as OpinionFile).id === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export type { Draft, NodeChoice, StartAnswer, TaskButtons, UrgentState };

/** The ways of asking others, by their calls' names. */
type AskCall = 'taskToInqu' | 'communicate' | 'addSign';

export interface CompleteInput {
  taskId: string;
  actionName: string;
  opinion?: string;
  data?: FormValues;
  files?: OpinionFile[];
  destination?: string;
  backHandMode?: 'normal' | 'direct';
}

/** The answer's message, for the 1.5 s success toast. */
const messageOf = (answer: CommonResult) => answer.message ?? '';

/** An action of the contract: sent, and answered with the message to show. */
async function act<C extends Call>(...call: Parameters<typeof send<C>>): Promise<string> {
  return messageOf(await send<C>(...call));
}

export async function complete(input: CompleteInput): Promise<string> {
  const { data, files, ...rest } = input;
  return act<typeof taskCalls.complete>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/task/v1/complete' },
    {
      body: {
        ...rest,
        ...(data ? { data: encodeData(data) } : {}),
        files: filesText(files ?? []),
      },
    },
  );
}

export async function saveTaskDraft(taskId: string, data: FormValues): Promise<string> {
  return act<typeof taskCalls.saveDraft>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/task/v1/saveDraft' },
    { body: { taskId, actionName: 'saveDraft', data: encodeData(data) } },
  );
}

/** instance/v1/saveFormData: the form of an instance changed through the caller's open task. */
export async function saveInstanceForm(instId: string, data: FormValues): Promise<string> {
  return act<typeof instanceCalls.saveFormData>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/saveFormData' },
    { body: { instId, data: encodeData(data) } },
  );
}

export interface PeopleInput {
  taskId: string;
  /** Accounts or ids, comma-separated. */
  users: string;
  opinion?: string;
  files?: OpinionFile[];
}

export async function delegateTask(input: PeopleInput): Promise<string> {
  return act<typeof taskCalls.delegate>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/task/v1/delegate' },
    {
      body: {
        taskId: input.taskId,
        userId: input.users,
        opinion: input.opinion ?? '',
        files: filesText(input.files ?? []),
      },
    },
  );
}

export interface TransInput extends PeopleInput {
  action: 'submit' | 'back';
  decideType: 'agree' | 'refuse';
  voteType: 'amount' | 'percent';
  voteAmount: number;
  signType: 'parallel' | 'seq';
}

export async function transferTask(input: TransInput): Promise<string> {
  const { users, files, ...rest } = input;
  return act<typeof taskCalls.taskToTrans>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/task/v1/taskToTrans' },
    { body: { ...rest, userIds: users, files: filesText(files ?? []) } },
  );
}

/** Where each way of asking others goes. */
const askRoutes: { [Ask in AskCall]: RouteOf<(typeof taskCalls)[Ask]> } = {
  taskToInqu: { method: 'POST', path: '/runtime/task/v1/taskToInqu' },
  communicate: { method: 'POST', path: '/runtime/task/v1/communicate' },
  addSign: { method: 'POST', path: '/runtime/task/v1/addSign' },
};

/** Inquiry (征询), communication (沟通) and add-sign (加签): others are asked. */
export async function askOthers(call: AskCall, input: PeopleInput): Promise<string> {
  return act<(typeof taskCalls)[AskCall]>('bpmRunTime', askRoutes[call], {
    body: {
      taskId: input.taskId,
      userIds: input.users,
      opinion: input.opinion ?? '',
      files: filesText(input.files ?? []),
    },
  });
}

const customSignRoutes: {
  seq: RouteOf<typeof taskCalls.taskCustomSignUsers>;
  parallel: RouteOf<typeof taskCalls.taskSignUsers>;
} = {
  seq: { method: 'POST', path: '/runtime/task/v1/taskCustomSignUsers' },
  parallel: { method: 'POST', path: '/runtime/task/v1/taskSignUsers' },
};

/** Custom sign: in sequence (taskCustomSignUsers) or in parallel (taskSignUsers). */
export async function customSign(mode: 'seq' | 'parallel', input: PeopleInput): Promise<string> {
  return act<typeof taskCalls.taskCustomSignUsers | typeof taskCalls.taskSignUsers>(
    'bpmRunTime',
    customSignRoutes[mode],
    { body: { taskId: input.taskId, userId: input.users, opinion: input.opinion ?? '' } },
  );
}

/** lockUnlock: a bare int (1 locked, 3 unlocked, 4 someone else's, 2 not shared, 0 handled). */
export function lockUnlock(taskId: string): Promise<number> {
  return send<typeof taskCalls.lockUnlock>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/task/v1/lockUnlock' },
    { query: { taskId } },
  );
}

export async function retrieveTask(taskId: string): Promise<string> {
  return act<typeof taskCalls.retrieve>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/task/v1/retrieveBpmTask' },
    { query: { taskId } },
  );
}

/** Marks carbon copies and follow notices read (ids comma-separated). */
export async function markRead(noticeIds: string[]): Promise<string> {
  return act<typeof taskCalls.markRead>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/task/v1/addReadRecord' },
    { query: { taskId: noticeIds.join(',') } },
  );
}

// ---------------------------------------------------------------------------------------
// Instances

export function instanceInfo(instId: string): Promise<InstanceInfo> {
  return send<DetailCalls['instance']>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/getInstanceByInstId' },
    { query: { instId } },
  );
}

export type { OpinionRecord };

/** One field of a change of the form, as its reader reads it. */
export interface FieldChange {
  name: string;
  label: string;
  before: unknown;
  after: unknown;
}

export function opinions(instId: string): Promise<OpinionRecord[]> {
  return send<DetailCalls['opinions']>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/instanceFlowOpinions' },
    { query: { instId } },
  );
}

export type { FlowImage };

export function flowImage(ref: { instId?: string; defId?: string }): Promise<FlowImage> {
  return send<DetailCalls['image']>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/getBpmImage' },
    {
      query: {
        ...(ref.instId ? { proInstId: ref.instId } : {}),
        ...(ref.defId ? { defId: ref.defId } : {}),
      },
    },
  );
}

export function nodeDefs(instId: string): Promise<NodeChoice[]> {
  return send<DetailCalls['nodeDefs']>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/getNodeDefs' },
    { query: { instId } },
  );
}

export async function mainDefId(defKey: string): Promise<string> {
  const answer = await send<typeof instanceCalls.mainDefId>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/getMaindefId' },
    { query: { defKey } },
  );
  return answer.value ?? '';
}

export interface StartInput {
  defId?: string;
  flowKey?: string;
  data: FormValues;
  /** The draft this start (or save) continues. */
  draftId?: string;
  /** The leader a secretary starts for; '0' or '' for nobody. */
  leaderId?: string;
}

function startInput(input: StartInput) {
  return {
    body: {
      ...(input.defId ? { defId: input.defId } : {}),
      ...(input.flowKey ? { flowKey: input.flowKey } : {}),
      data: encodeData(input.data),
      ...(input.draftId ? { proInstId: input.draftId } : {}),
    },
    // '0' is the platform's "for nobody".
    query: input.leaderId && input.leaderId !== '0' ? { leaderId: input.leaderId } : {},
  };
}

/** Starts a flow (流程启动成功); answers the message and the new instance id. */
export function startFlow(input: StartInput): Promise<StartAnswer> {
  return send<typeof instanceCalls.start>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/start' },
    startInput(input),
  );
}

/** Saves the start form as a draft (checks everything but the rules); answers its id. */
export function saveStartDraft(input: StartInput): Promise<StartAnswer> {
  return send<typeof instanceCalls.saveDraft>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/saveDraft' },
    startInput(input),
  );
}

export function draftById(id: string): Promise<Draft> {
  return send<typeof instanceCalls.draft>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/getDraftById' },
    { query: { id } },
  );
}

export async function removeDrafts(ids: string[]): Promise<string> {
  return act<typeof instanceCalls.removeDrafts>(
    'bpmRunTime',
    { method: 'DELETE', path: '/runtime/instance/v1/removeDraftById' },
    { query: { ids: ids.join(',') } },
  );
}

/** Withdraws: one's own done action (with taskId) or, as applicant, the whole instance. */
export async function revokeInstance(instanceId: string, taskId?: string, cause?: string) {
  return act<typeof instanceCalls.revoke>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/revokeInstance' },
    { body: { instanceId, ...(taskId ? { taskId } : {}), ...(cause ? { cause } : {}) } },
  );
}

export async function endProcess(taskId: string, endReason: string): Promise<string> {
  return act<typeof instanceCalls.endFromTask>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/doEndProcess' },
    { body: { taskId, endReason } },
  );
}

/** The applicant (or the admin) ends an instance from its page. */
export async function endInstance(instId: string, reason: string): Promise<string> {
  return act<typeof instanceCalls.end>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/doEndProcessById' },
    { query: { id: instId, reason } },
  );
}

export async function copyTo(taskId: string, users: string, opinion: string): Promise<string> {
  return act<typeof instanceCalls.copyTo>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/transToMore' },
    { body: { taskId, userIds: users, opinion } },
  );
}

export async function replyToCopy(noticeId: string, opinion: string): Promise<string> {
  // The platform's reply body is a DoNextParamObject; a copy's reply names no action.
  return act<typeof instanceCalls.replyToCopy>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/doNextCopyto' },
    { body: { taskId: noticeId, opinion } },
  );
}

export async function urgentStates(instId: string): Promise<UrgentState[]> {
  const answer = await send<typeof instanceCalls.urgentStates>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/getUrgentStateConf' },
    { body: { instId } },
  );
  return answer.urgentStates;
}

export async function urge(instId: string, opinion: string, urgentStateValue: string) {
  return act<typeof instanceCalls.urge>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/sendBpmTaskUrgent' },
    { body: { instId, opinion, ...(urgentStateValue ? { urgentStateValue } : {}) } },
  );
}

type RevokeCall = 'revokeTrans' | 'revokeCustomSign' | 'revokeSignLine';

const revokeRoutes: { [Call in RevokeCall]: RouteOf<(typeof instanceCalls)[Call]> } = {
  revokeTrans: { method: 'POST', path: '/runtime/instance/v1/revokeTrans' },
  revokeCustomSign: { method: 'POST', path: '/runtime/instance/v1/revokeCustomSign' },
  revokeSignLine: { method: 'POST', path: '/runtime/instance/v1/revokeSignLine' },
};

/** Calls back transfer, sequential or parallel custom-sign children of a waiting task. */
export async function revokeChildren(call: RevokeCall, taskId: string): Promise<string> {
  return act<(typeof instanceCalls)[RevokeCall]>('bpmRunTime', revokeRoutes[call], {
    body: { taskId },
  });
}

// ---------------------------------------------------------------------------------------
// Follows and due times

export function followedNodes(instId: string): Promise<FollowedNode[]> {
  return send<typeof timingCalls.followedNodes>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/taskFollow/v1/getFollowedNode' },
    { query: { instId } },
  );
}

export async function saveFollows(instId: string, nodeIds: string[]): Promise<string> {
  return act<typeof timingCalls.saveFollows>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/taskFollow/v1/save' },
    { body: { instId, nodeIds } },
  );
}

export type { DueTime };

/** The due time of a task; a refusal is the caller's to show (the dialog says it inline). */
export function dueTime(taskId: string): Promise<DueTime> {
  return send<typeof timingCalls.dueTime>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/bpmTaskDueTime/v1/getByTaskId' },
    { query: { taskId } },
    { quiet: true },
  );
}

export async function dueTimeAfter(id: string, addDueTime: number): Promise<string> {
  const answer = await send<typeof timingCalls.dueAfter>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/bpmTaskDueTime/v1/getExpirationDate' },
    { query: { id, addDueTime } },
    { quiet: true },
  );
  return answer.value ?? '';
}

export async function extendDueTime(taskId: string, addDueTime: number, remark: string) {
  return act<typeof timingCalls.extend>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/bpmTaskDueTime/v1/save' },
    { body: { taskId, addDueTime, remark } },
  );
}

// ---------------------------------------------------------------------------------------
// Flows: definitions, start rights, the flow list and favourites

/**
 * A flow as the pages read it: a startable flow of a list, or a definition with its form
 * (getJson), whichever the page has; what only one of them answers is optional.
 */
export type FlowDefinition = Pick<
  StartableFlow,
  'id' | 'defKey' | 'name' | 'version' | 'typeId' | 'icon' | 'desc'
> &
  Partial<Pick<StartableFlow, 'typeName' | 'canStart' | 'leaders'>> &
  Partial<Pick<Definition, 'form'>> & { isAdd?: boolean };

export type { FlowCategory };

/** The flows' calls, their forms read as the browser's FlowForm. */
type FlowCalls = FlowCallsFor<FlowForm>;
type Definition = AnswerOf<FlowCalls['byId']>;

export function flowList(filter: QueryFilter): Promise<FlowCategory[]> {
  return send<FlowCalls['byCategory']>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/instance/v1/getHasAuthFlowList' },
    { body: filter },
  );
}

export async function favouriteFlows(): Promise<FavouriteFlow[]> {
  const list = await send<FlowCalls['favourites']>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/instance/v1/getMyOftenFlow' },
    {},
  );
  return list.rows;
}

/** Replaces the favourites; the server refuses more than 11 with its message. */
export async function saveFavourites(defKeys: string[]): Promise<string> {
  return act<FlowCalls['saveFavourites']>(
    'bpmModel',
    { method: 'POST', path: '/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow' },
    { body: defKeys.map((defKey) => ({ defKey })) },
    { quiet: true },
  );
}

/** The start-rights check: value false carries the server's message (无启动权限，请联系管理员). */
export function startRights(defKey: string): Promise<CommonResult<boolean>> {
  return send<FlowCalls['startRights']>(
    'bpmModel',
    { method: 'GET', path: '/flow/def/v1/flowHasStartRights' },
    { query: { defKey } },
    { quiet: true },
  );
}

/** The main version of a flow with its form (getJson?defKey). */
export function definitionByKey(defKey: string, quiet = false): Promise<Definition> {
  return send<FlowCalls['byKey']>(
    'bpmModel',
    { method: 'GET', path: '/flow/def/v1/getJson' },
    { query: { defKey } },
    { quiet },
  );
}

/** One version of a flow with its form (defGet?id). */
export function definitionById(id: string): Promise<Definition> {
  return send<FlowCalls['byId']>(
    'bpmModel',
    { method: 'GET', path: '/flow/def/v1/defGet' },
    { query: { id } },
  );
}

export function categories(): Promise<Omit<FlowCategory, 'flowList'>[]> {
  return send<FlowCalls['categories']>(
    'bpmModel',
    { method: 'GET', path: '/flow/type/v1/tree' },
    {},
  );
}

// ---------------------------------------------------------------------------------------
// Approval phrases

/** The server's time for an approval signed now (spec/shell.md: "message is a time"). */
export async function approvalTime(): Promise<string> {
  const answer = await send<typeof phraseCalls.approvalTime>(
    'portal',
    { method: 'GET', path: '/flow/approvalItem/v1/getApprovalTime' },
    {},
  );
  return answer.message;
}

export function phrasesFor(defKey: string): Promise<string[]> {
  return send<typeof phraseCalls.forFlow>(
    'bpmModel',
    { method: 'GET', path: '/flow/approvalItem/v1/getApprovalByDefKeyAndTypeId' },
    { query: { defKey } },
  );
}

export type { Phrase };

export async function phraseList(): Promise<Phrase[]> {
  const list = await send<typeof phraseCalls.list>(
    'bpmModel',
    { method: 'POST', path: '/flow/approvalItem/v1/listJson' },
    { body: {} },
  );
  return list.rows;
}

/** Adds or changes a phrase; `type` 1 keeps a system phrase a system phrase (the admin's). */
export async function savePhrase(phrase: BodyOf<typeof phraseCalls.save>): Promise<string> {
  return act<typeof phraseCalls.save>(
    'bpmModel',
    { method: 'POST', path: '/flow/approvalItem/v1/save' },
    { body: phrase },
    { quiet: true },
  );
}

export async function removePhrases(ids: string[]): Promise<string> {
  return act<typeof phraseCalls.remove>(
    'bpmModel',
    { method: 'DELETE', path: '/flow/approvalItem/v1/remove' },
    { query: { ids: ids.join(',') } },
  );
}

// ---------------------------------------------------------------------------------------
// Agents, secretaries and deputies

export type { AgentRule, Deputy };

export async function agentRules(): Promise<AgentRule[]> {
  const list = await send<typeof agentCalls.list>(
    'bpmModel',
    { method: 'POST', path: '/flow/agent/v1/listJson' },
    { body: {} },
  );
  return list.rows;
}

/** Adds or changes an agent rule (with its id); the server refuses overlapping enabled ones. */
export async function saveAgentRule(rule: BodyOf<typeof agentCalls.save>): Promise<string> {
  return act<typeof agentCalls.save>(
    'bpmModel',
    { method: 'POST', path: '/flow/agent/v1/save' },
    { body: rule },
    { quiet: true },
  );
}

export async function removeAgentRules(ids: string[]): Promise<string> {
  return act<typeof agentCalls.remove>(
    'bpmModel',
    { method: 'DELETE', path: '/flow/agent/v1/remove' },
    { query: { ids: ids.join(',') } },
  );
}

export type { Secretary };

export async function secretaries(): Promise<Secretary[]> {
  const list = await send<typeof secretaryCalls.list>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/bpmSecretaryManage/v1/list' },
    { body: {} },
  );
  return list.rows;
}

/** The leaders the caller serves as secretary (empty: no leader to-do). */
export function leadersServed(): Promise<Secretary[]> {
  return send<typeof secretaryCalls.leadersServed>(
    'bpmRunTime',
    { method: 'GET', path: '/runtime/bpmSecretaryManage/v1/getSecretaryByUserId' },
    {},
  );
}

export async function saveSecretary(input: BodyOf<typeof secretaryCalls.save>): Promise<string> {
  return act<typeof secretaryCalls.save>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/bpmSecretaryManage/v1/save' },
    { body: input },
    { quiet: true },
  );
}

export async function removeSecretaries(ids: string[]): Promise<string> {
  return act<typeof secretaryCalls.remove>(
    'bpmRunTime',
    { method: 'DELETE', path: '/runtime/bpmSecretaryManage/v1/removes' },
    { query: { ids: ids.join(',') } },
  );
}

export function deputies(): Promise<Deputy[]> {
  return send<typeof deputyCalls.forUser>(
    'bpmModel',
    { method: 'GET', path: '/bpmModel/bpmDeputy/v1/getByUserId' },
    {},
  );
}

export async function saveDeputy(agentId: string): Promise<string> {
  return act<typeof deputyCalls.save>(
    'bpmModel',
    { method: 'POST', path: '/bpmModel/bpmDeputy/v1/save' },
    { body: { agentId } },
    { quiet: true },
  );
}

export async function removeDeputies(ids: string[]): Promise<string> {
  return act<typeof deputyCalls.remove>(
    'bpmModel',
    { method: 'DELETE', path: '/bpmModel/bpmDeputy/v1/removes' },
    { query: { ids: ids.join(',') } },
  );
}

// ---------------------------------------------------------------------------------------
// Incidents (administrators)

export type { Incident };

/** A failed job or a stalled instance (docs/workflow.md, "Incidents"). */
export function incidentList(filter: QueryFilter): Promise<PageList<Incident>> {
  return send<typeof incidentCalls.list>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/incident/v1/list' },
    { body: filter },
    { quiet: true },
  );
}

export async function retryIncident(id: string): Promise<string> {
  return act<typeof incidentCalls.retry>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/incident/v1/retry' },
    { body: { id } },
  );
}

export async function cancelIncident(id: string, reason: string): Promise<string> {
  return act<typeof incidentCalls.cancel>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/incident/v1/cancel' },
    { body: { id, reason } },
  );
}
