import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult, stateAnswer } from './envelope';
import { id, idsQuery, optionalText } from './fields';
import { doNextBody, files, formData, leaderQuery, userList } from './workflow-fields';

/**
 * An instance's actions (runtime service, /runtime/instance/v1; docs/workflow.md): start and
 * drafts, withdrawing and ending, carbon copies, urging, and calling back a waiting task's
 * children. Each answers what to tell the user; a start and a draft also their id.
 */
const base = '/runtime/instance/v1';

/** StartFlowParamObject (reference/platform-api.md section 3, "Start"). */
const startBody = Type.Object({
  defId: optionalText(64),
  flowKey: optionalText(64),
  subject: optionalText(400),
  data: formData,
  businessKey: optionalText(64),
  formType: optionalText(16),
  vars: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  nodeUsers: optionalText(10_000),
  destination: optionalText(64),
  proInstId: optionalText(64),
  startOrgId: optionalText(64),
  urgentStateValue: Type.Optional(Type.Unknown()),
  agentLeaderId: optionalText(64),
  account: optionalText(100),
  sysCode: optionalText(64),
  /** Instances to link as related processes (ids from relatedProcess). */
  relatedInstIds: Type.Optional(userList),
});

export type StartBody = Static<typeof startBody>;

/** StartResult: CommonResult with the id in instId, not value. */
const startAnswer = Type.Object({
  state: Type.Boolean(),
  message: Type.String(),
  instId: Type.String(),
});

export type StartAnswer = Static<typeof startAnswer>;

/**
 * The answer to a communication or a carbon copy: the documented body is `{taskId,
 * opinion}`; the platform's clients send a whole DoNextParamObject, whose other fields
 * (actionName included) are accepted and ignored.
 */
const replyBody = Type.Object({ ...doNextBody.properties, actionName: optionalText(32) });

/** A draft as the start form restores it. */
const draft = Type.Object({
  id: Type.String(),
  defId: Type.String(),
  defKey: Type.String(),
  procDefName: Type.String(),
  subject: Type.String(),
  businessKey: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  /** The leader a secretary started it for; '' for nobody. */
  leaderId: Type.String(),
  startOrgId: Type.String(),
  /** The withdrawn instance it continues; ''. */
  sourceInstId: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
});

export type Draft = Static<typeof draft>;

/** An urgency level of a flow (the flow's own, else the defaults). */
const urgentState = Type.Object({
  value: Type.String(),
  name: Type.String(),
  color: Type.String(),
});

export type UrgentState = Static<typeof urgentState>;

/** Calling back a waiting task's children: the same body for all three. */
const revokeChildren = (summary: string) =>
  ({
    summary,
    querystring: leaderQuery,
    body: Type.Object({ taskId: id, instanceId: optionalText(64), cause: optionalText(2000) }),
    response: { 200: stateAnswer },
  }) as const;

export const instanceCalls = defineCalls({
  start: {
    method: 'POST',
    path: `${base}/start`,
    schema: {
      summary: 'Starts a flow (start rights, then the form rules); answers instId',
      querystring: leaderQuery,
      body: startBody,
      response: { 200: startAnswer },
    },
  },
  saveDraft: {
    method: 'POST',
    path: `${base}/saveDraft`,
    schema: {
      summary: 'Saves (or with proInstId updates) a draft; answers the draft id in instId',
      querystring: leaderQuery,
      body: startBody,
      response: { 200: startAnswer },
    },
  },
  saveFormData: {
    method: 'POST',
    path: `${base}/saveFormData`,
    schema: {
      summary:
        'Saves the form data of a task the caller holds without completing it (editable fields, rules checked)',
      querystring: leaderQuery,
      body: Type.Object({
        taskId: optionalText(64),
        instId: optionalText(64),
        data: Type.Union([
          Type.String({ minLength: 1, maxLength: 700_000 }),
          Type.Record(Type.String(), Type.Unknown()),
        ]),
        agentLeaderId: optionalText(64),
      }),
      response: { 200: stateAnswer },
    },
  },
  draft: {
    method: 'GET',
    path: `${base}/getDraftById`,
    schema: {
      summary: "One of the caller's drafts with its form data, to restore it",
      querystring: Type.Object({ id }),
      response: { 200: draft },
    },
  },
  removeDrafts: {
    method: 'DELETE',
    path: `${base}/removeDraftById`,
    schema: {
      summary: "Removes the caller's drafts (ids comma-separated)",
      querystring: idsQuery,
      response: { 200: stateAnswer },
    },
  },
  revoke: {
    method: 'POST',
    path: `${base}/revokeInstance`,
    schema: {
      summary:
        "With taskId: takes back one's own done action. Without: the applicant withdraws the instance (it becomes a draft)",
      querystring: leaderQuery,
      body: Type.Object({
        instanceId: id,
        taskId: optionalText(64),
        cause: optionalText(2000),
        messageType: optionalText(64),
        isHandRevoke: Type.Optional(Type.Unknown()),
        revokeNodeId: optionalText(64),
        account: optionalText(100),
      }),
      response: { 200: stateAnswer },
    },
  },
  endFromTask: {
    method: 'POST',
    path: `${base}/doEndProcess`,
    schema: {
      summary: 'Ends the instance from a task whose node offers endProcess (message 终止成功)',
      querystring: leaderQuery,
      body: Type.Object({
        taskId: id,
        endReason: optionalText(2000),
        messageType: optionalText(64),
        files,
        account: optionalText(100),
      }),
      response: { 200: stateAnswer },
    },
  },
  end: {
    method: 'GET',
    path: `${base}/doEndProcessById`,
    schema: {
      summary: 'The applicant (or the admin) ends their running instance',
      querystring: Type.Object({ id, reason: optionalText(2000) }),
      response: { 200: stateAnswer },
    },
  },
  replyToCommunication: {
    method: 'POST',
    path: `${base}/doNextcommu`,
    schema: {
      summary: 'Answers a communication (沟通反馈): taskId is the COMMU task',
      querystring: leaderQuery,
      body: replyBody,
      response: { 200: stateAnswer },
    },
  },
  replyToCopy: {
    method: 'POST',
    path: `${base}/doNextCopyto`,
    schema: {
      summary: 'Answers a carbon copy (传阅回复): taskId is the notice id',
      body: replyBody,
      response: { 200: stateAnswer },
    },
  },
  copyTo: {
    method: 'POST',
    path: `${base}/transToMore`,
    schema: {
      summary: 'Carbon copy (传阅) from a task to more people; they see it in their notices',
      querystring: leaderQuery,
      body: Type.Object({
        taskId: id,
        userIds: userList,
        opinion: optionalText(2000),
        instId: optionalText(64),
      }),
      response: { 200: stateAnswer },
    },
  },
  urgentStates: {
    method: 'POST',
    path: `${base}/getUrgentStateConf`,
    schema: {
      summary: 'Urgency levels for a flow',
      body: Type.Optional(Type.Object({ defKey: optionalText(64), instId: optionalText(64) })),
      response: { 200: Type.Object({ urgentStates: Type.Array(urgentState) }) },
    },
  },
  urge: {
    method: 'POST',
    path: `${base}/sendBpmTaskUrgent`,
    schema: {
      summary: 'The applicant urges the holders of the open tasks (of a node, or all)',
      body: Type.Object({
        instId: id,
        nodeId: optionalText(64),
        opinion: optionalText(2000),
        urgentStateValue: optionalText(32),
        appointeeId: optionalText(5000),
        messageType: optionalText(64),
      }),
      response: { 200: stateAnswer },
    },
  },
  revokeTrans: {
    method: 'POST',
    path: `${base}/revokeTrans`,
    schema: revokeChildren(
      'Calls back a transfer: unanswered votes are cancelled, the task is open again',
    ),
  },
  revokeCustomSign: {
    method: 'POST',
    path: `${base}/revokeCustomSign`,
    schema: revokeChildren('Calls back a custom sign in sequence'),
  },
  revokeSignLine: {
    method: 'POST',
    path: `${base}/revokeSignLine`,
    schema: revokeChildren('Calls back a custom sign in parallel'),
  },
  mainDefId: {
    method: 'GET',
    path: `${base}/getMaindefId`,
    schema: {
      summary: 'The id of the main (newest) version of a flow',
      querystring: Type.Object({ defKey: optionalText(64), defId: optionalText(64) }),
      response: { 200: commonResult(Type.String()) },
    },
  },
});
