import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { givenFields } from '../../../lib/given-fields';
import { badRequest } from '../../../lib/errors';
import { completeTask } from '../../../workflow/actions/complete';
import {
  getDraft,
  removeDrafts,
  saveDraft,
  saveTaskFormData,
} from '../../../workflow/actions/drafts';
import { endProcess, endProcessById, revokeInstance } from '../../../workflow/actions/ending';
import { copyTo, replyToCopy } from '../../../workflow/actions/notices';
import { startInstance, type StartInput } from '../../../workflow/actions/start';
import { urge } from '../../../workflow/actions/timing';
import { subjectLabel } from '../../../workflow/queries/names';
import { withTimes } from '../../../workflow/queries/run';
import {
  callerOf,
  decodeData,
  files,
  id,
  idList,
  leaderParam,
  optionalText,
  stateAnswer,
  userList,
} from './common';
import { doNextBody } from './task-actions';
import { done } from '../../schemas';

const base = '/runtime/instance/v1';

/** StartFlowParamObject (reference/platform-api.md section 3, "Start"). */
const startBody = Type.Object({
  defId: optionalText(64),
  flowKey: optionalText(64),
  subject: optionalText(400),
  data: Type.Union([
    Type.String({ maxLength: 700_000 }),
    Type.Record(Type.String(), Type.Unknown()),
  ]),
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

type StartBody = {
  defId?: string;
  flowKey?: string;
  subject?: string;
  data: unknown;
  businessKey?: string;
  proInstId?: string;
  startOrgId?: string;
  relatedInstIds?: string | string[];
};

/** StartResult: CommonResult with the id in instId, not value. */
const startAnswer = Type.Object({
  state: Type.Boolean(),
  message: Type.String(),
  instId: Type.String(),
});

function startInput(body: StartBody): StartInput {
  return {
    data: decodeData(body.data) ?? {},
    ...givenFields(body, 'defId', 'flowKey', 'subject', 'businessKey', 'startOrgId'),
    ...(body.proInstId ? { draftId: body.proInstId } : {}),
    ...(body.relatedInstIds ? { relatedIds: idsOf(body.relatedInstIds) } : {}),
  };
}

const idsOf = (ids: string | string[]) => (Array.isArray(ids) ? ids : idList(ids));

const leaderQuery = Type.Object({ leaderId: optionalText(64) });

/**
 * The answer to a communication or a carbon copy: the documented body is `{taskId,
 * opinion}`; the platform's clients send a whole DoNextParamObject, whose other fields
 * (actionName included) are accepted and ignored.
 */
const replyBody = Type.Object({
  ...doNextBody.properties,
  actionName: optionalText(32),
});

/** The instance actions of the runtime service. */
export async function instanceActionRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const answer = { 200: stateAnswer };

  app.post(
    `${base}/start`,
    {
      schema: {
        summary: 'Starts a flow (start rights, then the form rules); answers instId',
        querystring: leaderQuery,
        body: startBody,
        response: { 200: startAnswer },
      },
    },
    async (request) => {
      const caller = callerOf(request, leaderParam(request));
      const instId = await startInstance(db, caller, startInput(request.body), config.timeZone);
      return { ...done(request, 'server:workflow.done.start'), instId };
    },
  );

  app.post(
    `${base}/startForm`,
    {
      schema: {
        summary:
          'Starts defKey for a business record (body: the form data); one running instance per flow and record',
        querystring: Type.Object({
          defKey: id,
          businessKey: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
          boAlias: optionalText(64),
          leaderId: optionalText(64),
        }),
        body: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 200 }),
        response: { 200: startAnswer },
      },
    },
    async (request) => {
      // boAlias names the platform's business object; our forms belong to the flow, so it is
      // not used (docs/decisions.md).
      const { defKey, businessKey } = request.query;
      const instId = await startInstance(
        db,
        callerOf(request, leaderParam(request)),
        { flowKey: defKey, businessKey, data: request.body },
        config.timeZone,
      );
      return { ...done(request, 'server:workflow.done.start'), instId };
    },
  );

  app.post(
    `${base}/saveFormData`,
    {
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
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      if (!body.taskId && !body.instId) throw badRequest('server:workflow.taskOrInstRequired');
      await saveTaskFormData(
        db,
        callerOf(request, leaderParam(request)),
        givenFields(body, 'taskId', 'instId'),
        decodeData(body.data) ?? {},
      );
      return done(request, 'server:workflow.done.saved');
    },
  );

  app.post(
    `${base}/saveDraft`,
    {
      schema: {
        summary: 'Saves (or with proInstId updates) a draft; answers the draft id in instId',
        querystring: leaderQuery,
        body: startBody,
        response: { 200: startAnswer },
      },
    },
    async (request) => {
      const caller = callerOf(request, leaderParam(request));
      const instId = await saveDraft(db, caller, startInput(request.body));
      return { ...done(request, 'server:workflow.done.saved'), instId };
    },
  );

  app.get(
    `${base}/getDraftById`,
    {
      schema: {
        summary: "One of the caller's drafts with its form data, to restore it",
        querystring: Type.Object({ id }),
      },
    },
    async (request) => {
      const draft = await getDraft(db, callerOf(request), request.query.id);
      return withTimes(
        {
          id: draft.id,
          defId: draft.def_id,
          defKey: draft.def_key,
          procDefName: draft.def_name,
          subject: subjectLabel(request.language, draft),
          businessKey: draft.business_key,
          data: draft.form_data,
          leaderId: draft.on_behalf_of_id ?? '',
          startOrgId: draft.start_org_id ?? '',
          sourceInstId: draft.source_inst_id ?? '',
          createTime: draft.created_at,
          updateTime: draft.updated_at,
        },
        ['createTime', 'updateTime'],
        config.timeZone,
      );
    },
  );

  const removeDraft = async (request: FastifyRequest, ids: string) => {
    await removeDrafts(db, callerOf(request), idList(ids));
    return done(request, 'server:workflow.done.removed');
  };
  const idsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 5000 }) });
  app.delete(
    `${base}/removeDraftById`,
    {
      schema: {
        summary: "Removes the caller's drafts (ids comma-separated)",
        querystring: idsQuery,
        response: answer,
      },
    },
    async (request) => removeDraft(request, request.query.ids),
  );
  app.get(
    `${base}/removeDraftById`,
    {
      schema: {
        summary: 'Same as DELETE (the platform calls it with GET too)',
        querystring: idsQuery,
        response: answer,
      },
    },
    async (request) => removeDraft(request, request.query.ids),
  );

  app.post(
    `${base}/revokeInstance`,
    {
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
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await revokeInstance(db, callerOf(request, leaderParam(request)), {
        instanceId: body.instanceId,
        ...givenFields(body, 'taskId', 'cause'),
      });
      return done(request, 'server:workflow.done.revoked');
    },
  );

  app.post(
    `${base}/doEndProcess`,
    {
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
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await endProcess(db, callerOf(request, leaderParam(request)), body);
      return done(request, 'server:workflow.done.end');
    },
  );

  app.get(
    `${base}/doEndProcessById`,
    {
      schema: {
        summary: 'The applicant (or the admin) ends their running instance',
        querystring: Type.Object({ id, reason: optionalText(2000) }),
        response: answer,
      },
    },
    async (request) => {
      const { id: instId, reason } = request.query;
      await endProcessById(db, callerOf(request), instId, reason);
      return done(request, 'server:workflow.done.end');
    },
  );

  app.post(
    `${base}/doNextcommu`,
    {
      schema: {
        summary: 'Answers a communication (沟通反馈): taskId is the COMMU task',
        querystring: leaderQuery,
        body: replyBody,
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await completeTask(db, callerOf(request, leaderParam(request)), {
        taskId: body.taskId,
        actionName: 'commuReply',
        ...givenFields(body, 'opinion', 'files'),
      });
      return done(request, 'server:workflow.done.reply');
    },
  );

  app.post(
    `${base}/doNextCopyto`,
    {
      schema: {
        summary: 'Answers a carbon copy (传阅回复): taskId is the notice id',
        body: replyBody,
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await replyToCopy(db, callerOf(request), body);
      return done(request, 'server:workflow.done.reply');
    },
  );

  app.post(
    `${base}/transToMore`,
    {
      schema: {
        summary: 'Carbon copy (传阅) from a task to more people; they see it in their notices',
        querystring: leaderQuery,
        body: Type.Object({
          taskId: id,
          userIds: userList,
          opinion: optionalText(2000),
          instId: optionalText(64),
        }),
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await copyTo(db, callerOf(request, leaderParam(request)), {
        taskId: body.taskId,
        userIds: Array.isArray(body.userIds) ? body.userIds.join(',') : body.userIds,
        ...givenFields(body, 'opinion'),
      });
      return done(request, 'server:workflow.done.copyTo');
    },
  );

  app.post(
    `${base}/sendBpmTaskUrgent`,
    {
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
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await urge(db, callerOf(request), body);
      return done(request, 'server:workflow.done.urge');
    },
  );
}
