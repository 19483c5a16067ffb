import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult, stateAnswer } from './envelope';
import { id, optionalText } from './fields';

/**
 * Follows and due times of the runtime service (docs/workflow.md): the nodes of an instance a
 * user follows, and a task's due time and its extension.
 */
const follow = '/runtime/taskFollow/v1';
const due = '/runtime/bpmTaskDueTime/v1';

const followedNode = Type.Object({ nodeId: Type.String(), name: Type.String() });

export type FollowedNode = Static<typeof followedNode>;

/** A task's due time; '' and null remaining minutes when it has none. */
const dueTime = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  /** "yyyy-MM-dd HH:mm:ss" in the business time zone, or ''. */
  expirationDate: Type.String(),
  /** 1 when overdue. */
  status: Type.Integer(),
  remainingMinutes: Type.Union([Type.Integer(), Type.Null()]),
});

export type DueTime = Static<typeof dueTime>;

const hours = Type.Number();

export const timingCalls = defineCalls({
  followedNodes: {
    method: 'GET',
    path: `${follow}/getFollowedNode`,
    schema: {
      summary: 'The nodes of an instance the caller follows',
      querystring: Type.Object({ instId: id }),
      response: { 200: Type.Array(followedNode) },
    },
  },
  saveFollows: {
    method: 'POST',
    path: `${follow}/save`,
    schema: {
      summary: 'The nodes of an instance the caller follows (replaces the set)',
      body: Type.Object({
        instId: id,
        nodeIds: Type.Union([
          Type.String({ maxLength: 2000 }),
          Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }),
        ]),
      }),
      response: { 200: stateAnswer },
    },
  },
  dueTime: {
    method: 'GET',
    path: `${due}/getByTaskId`,
    schema: {
      summary: 'The due time of a task (expirationDate, status 1 when overdue, remainingMinutes)',
      querystring: Type.Object({ taskId: id, leaderId: optionalText(64) }),
      response: { 200: dueTime },
    },
  },
  dueAfter: {
    method: 'GET',
    path: `${due}/getExpirationDate`,
    schema: {
      summary: 'The due time after extending by addDueTime hours (nothing is changed)',
      querystring: Type.Object({ id, addDueTime: hours, leaderId: optionalText(64) }),
      response: { 200: commonResult(Type.String()) },
    },
  },
  extend: {
    method: 'POST',
    path: `${due}/save`,
    schema: {
      summary: "Extends a task's due time by addDueTime hours (at most 720)",
      querystring: Type.Object({ leaderId: optionalText(64) }),
      body: Type.Object({ taskId: id, addDueTime: hours, remark: optionalText(2000) }),
      response: { 200: stateAnswer },
    },
  },
});
