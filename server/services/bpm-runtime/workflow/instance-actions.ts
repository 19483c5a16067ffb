import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { givenFields } from '../../../lib/given-fields';
import { badRequest } from '../../../lib/errors';
import { completeTask } from '../../../domain/workflow/actions/complete';
import {
  getDraft,
  removeDrafts,
  saveDraft,
  saveTaskFormData,
} from '../../../domain/workflow/actions/drafts';
import {
  endProcess,
  endProcessById,
  revokeInstance,
} from '../../../domain/workflow/actions/ending';
import { copyTo, replyToCopy } from '../../../domain/workflow/actions/notices';
import { startInstance, type StartInput } from '../../../domain/workflow/actions/start';
import { urge } from '../../../domain/workflow/actions/timing';
import { subjectLabel } from '../../../domain/workflow/queries/names';
import { formatDateTime } from '../../../lib/time';
import { instanceCalls, type StartBody } from '../../../../src/contract/workflow-instances';
import { addRoute } from '../../contract';
import { callerOf, decodeData, id, idList, leaderParam, optionalText, stateAnswer } from './common';
import { done } from '../../schemas';

const base = '/runtime/instance/v1';

function startInput(body: StartBody): StartInput {
  return {
    data: decodeData(body.data) ?? {},
    ...givenFields(body, 'defId', 'flowKey', 'subject', 'businessKey', 'startOrgId'),
    ...(body.proInstId ? { draftId: body.proInstId } : {}),
    ...(body.relatedInstIds ? { relatedIds: idsOf(body.relatedInstIds) } : {}),
  };
}

const idsOf = (ids: string | string[]) => (Array.isArray(ids) ? ids : idList(ids));

/** The instance actions of the runtime service. */
export async function instanceActionRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;

  addRoute(app, instanceCalls.start, async (request) => {
    const caller = callerOf(request, leaderParam(request));
    const instId = await startInstance(db, caller, startInput(request.body), tz);
    return { ...done(request, 'server:workflow.done.start'), instId };
  });

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
        response: instanceCalls.start.schema.response,
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
        tz,
      );
      return { ...done(request, 'server:workflow.done.start'), instId };
    },
  );

  addRoute(app, instanceCalls.saveFormData, async (request) => {
    const { body } = request;
    if (!body.taskId && !body.instId) throw badRequest('server:workflow.taskOrInstRequired');
    await saveTaskFormData(
      db,
      callerOf(request, leaderParam(request)),
      givenFields(body, 'taskId', 'instId'),
      decodeData(body.data) ?? {},
    );
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, instanceCalls.saveDraft, async (request) => {
    const caller = callerOf(request, leaderParam(request));
    const instId = await saveDraft(db, caller, startInput(request.body));
    return { ...done(request, 'server:workflow.done.saved'), instId };
  });

  addRoute(app, instanceCalls.draft, async (request) => {
    const draft = await getDraft(db, callerOf(request), request.query.id);
    return {
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
      createTime: formatDateTime(draft.created_at, tz),
      updateTime: formatDateTime(draft.updated_at, tz),
    };
  });

  const removeDraft = async (request: FastifyRequest, ids: string) => {
    await removeDrafts(db, callerOf(request), idList(ids));
    return done(request, 'server:workflow.done.removed');
  };
  addRoute(app, instanceCalls.removeDrafts, async (request) =>
    removeDraft(request, request.query.ids),
  );
  app.get(
    `${base}/removeDraftById`,
    {
      schema: {
        summary: 'Same as DELETE (the platform calls it with GET too)',
        querystring: instanceCalls.removeDrafts.schema.querystring,
        response: { 200: stateAnswer },
      },
    },
    async (request) => removeDraft(request, request.query.ids),
  );

  addRoute(app, instanceCalls.revoke, async (request) => {
    const { body } = request;
    await revokeInstance(db, callerOf(request, leaderParam(request)), {
      instanceId: body.instanceId,
      ...givenFields(body, 'taskId', 'cause'),
    });
    return done(request, 'server:workflow.done.revoked');
  });

  addRoute(app, instanceCalls.endFromTask, async (request) => {
    await endProcess(db, callerOf(request, leaderParam(request)), request.body);
    return done(request, 'server:workflow.done.end');
  });

  addRoute(app, instanceCalls.end, async (request) => {
    const { id: instId, reason } = request.query;
    await endProcessById(db, callerOf(request), instId, reason);
    return done(request, 'server:workflow.done.end');
  });

  addRoute(app, instanceCalls.replyToCommunication, async (request) => {
    const { body } = request;
    await completeTask(db, callerOf(request, leaderParam(request)), {
      taskId: body.taskId,
      actionName: 'commuReply',
      ...givenFields(body, 'opinion', 'files'),
    });
    return done(request, 'server:workflow.done.reply');
  });

  addRoute(app, instanceCalls.replyToCopy, async (request) => {
    await replyToCopy(db, callerOf(request), request.body);
    return done(request, 'server:workflow.done.reply');
  });

  addRoute(app, instanceCalls.copyTo, async (request) => {
    const { body } = request;
    await copyTo(db, callerOf(request, leaderParam(request)), {
      taskId: body.taskId,
      userIds: Array.isArray(body.userIds) ? body.userIds.join(',') : body.userIds,
      ...givenFields(body, 'opinion'),
    });
    return done(request, 'server:workflow.done.copyTo');
  });

  addRoute(app, instanceCalls.urge, async (request) => {
    await urge(db, callerOf(request), request.body);
    return done(request, 'server:workflow.done.urge');
  });
}
