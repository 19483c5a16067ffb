import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { stateAnswer } from './envelope';
import { id } from './fields';
import {
  assignBody,
  doNextBody,
  leaderQuery,
  nodeChoice,
  taskIdQuery,
  transBody,
} from './workflow-fields';

/**
 * A task's buttons and actions (runtime service, /runtime/task/v1; docs/workflow.md). Every
 * action answers what to tell the user; lockUnlock answers a bare int, as the platform does.
 */
const base = '/runtime/task/v1';

/** A button of a task (TaskDetailVo): the platform's script fields are always empty here. */
export const taskButton = Type.Object({
  name: Type.String(),
  alias: Type.String(),
  beforeScript: Type.String(),
  afterScript: Type.String(),
  groovyScript: Type.String(),
  supportScript: Type.Boolean(),
  /** On the return buttons: which return aliases the node offers, comma-separated. */
  rejectMode: Type.Optional(Type.String()),
  /** On lockUnlock: whether the caller holds the claim. */
  isLock: Type.Optional(Type.Boolean()),
});

export type TaskButton = Static<typeof taskButton>;

const taskButtons = Type.Object({
  taskId: Type.String(),
  status: Type.String(),
  kind: Type.String(),
  readOnly: Type.Boolean(),
  isAddSign: Type.Boolean(),
  buttons: Type.Array(taskButton),
});

export type TaskButtons = Static<typeof taskButtons>;
export type NodeChoice = Static<typeof nodeChoice>;

/** An action on a task: its body, the leader a secretary acts for, and the message. */
const action = <Body extends typeof transBody | typeof assignBody>(summary: string, body: Body) =>
  ({ summary, querystring: leaderQuery, body, response: { 200: stateAnswer } }) as const;

export const taskCalls = defineCalls({
  buttons: {
    method: 'GET',
    path: `${base}/getButtonsBytaskId`,
    schema: {
      summary:
        "The task's buttons in the spec order (TaskDetailVo); readOnly when the caller cannot act",
      querystring: taskIdQuery,
      response: { 200: taskButtons },
    },
  },
  jumpNodes: {
    method: 'POST',
    path: `${base}/getAfterJumpNodes`,
    schema: {
      summary: 'Nodes the task may be returned to (rejectToAnyNode destinations)',
      body: Type.Object({ taskId: id }),
      response: { 200: Type.Array(nodeChoice) },
    },
  },
  complete: {
    method: 'POST',
    path: `${base}/complete`,
    schema: {
      summary:
        'Acts on a task: agree, oppose, abandon, reject, backToStart, rejectToAnyNode, agreeTrans, opposeTrans, inquReply, commuReply',
      body: doNextBody,
      response: { 200: stateAnswer },
    },
  },
  saveDraft: {
    method: 'POST',
    path: `${base}/saveDraft`,
    schema: {
      summary: 'Keeps form changes on an open task without completing it',
      body: doNextBody,
      response: { 200: stateAnswer },
    },
  },
  delegate: {
    method: 'POST',
    path: `${base}/delegate`,
    schema: action('Hands the task to one other person (DELIVERTO)', assignBody),
  },
  taskToTrans: {
    method: 'POST',
    path: `${base}/taskToTrans`,
    schema: action('Transfer (流转): the task waits while the users vote', transBody),
  },
  taskToInqu: {
    method: 'POST',
    path: `${base}/taskToInqu`,
    schema: action(
      'Inquiry (征询): asks the users; the task waits for their replies before agreeing',
      transBody,
    ),
  },
  communicate: {
    method: 'POST',
    path: `${base}/communicate`,
    schema: action('Communicate (沟通): asks the users without holding the task', transBody),
  },
  addSign: {
    method: 'POST',
    path: `${base}/addSign`,
    schema: action('Add-sign (加签): the users must sign before the task can be agreed', transBody),
  },
  taskCustomSignUsers: {
    method: 'POST',
    path: `${base}/taskCustomSignUsers`,
    schema: action('Custom sign in sequence (SIGNSEQUENCEED): the task waits', assignBody),
  },
  taskSignUsers: {
    method: 'POST',
    path: `${base}/taskSignUsers`,
    schema: action('Custom sign in parallel (SIGNLINEED): the task waits', assignBody),
  },
  lockUnlock: {
    method: 'GET',
    path: `${base}/lockUnlock`,
    schema: {
      summary:
        'Claims or releases a shared task; a bare int: 0 handled, 1 locked, 2 no lock needed, 3 unlocked, 4 locked by someone else',
      querystring: taskIdQuery,
      response: { 200: Type.Integer() },
    },
  },
  retrieve: {
    method: 'GET',
    path: `${base}/retrieveBpmTask`,
    schema: {
      summary: 'The owner takes back a delegated (DELIVERTO) or agent (AGENT) task',
      querystring: taskIdQuery,
      response: { 200: stateAnswer },
    },
  },
  markRead: {
    method: 'POST',
    path: `${base}/addReadRecord`,
    schema: {
      summary: 'Marks notices (carbon copies, follow notices) read: taskId is the notice id',
      querystring: Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 5000 }) }),
      response: { 200: stateAnswer },
    },
  },
});
