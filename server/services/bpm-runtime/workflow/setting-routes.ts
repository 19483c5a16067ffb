import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time';
import { activeUser } from '../../../domain/directory/active-user';
import {
  workflowMessageCounts,
  workflowMessagesOf,
} from '../../../domain/widgets/workflow-messages';
import { actorFor } from '../../../domain/workflow/access';
import { followedNodes, saveFollows } from '../../../domain/workflow/actions/notices';
import { dueInfo, extendDue, extendedDue } from '../../../domain/workflow/actions/timing';
import {
  addSecretary,
  hasSecretary,
  leadersServedBy,
  removeSecretaries,
  secretariesOf,
  secretaryEntry,
  updateSecretary,
  type SecretaryRow,
} from '../../../domain/workflow/delegation/secretaries';
import { allFlowsKnown } from '../../../domain/workflow/flow-keys';
import { echartsData } from '../../../domain/workflow/queries/reports';
import { openCustomSigns, taskWithFlowKey } from '../../../domain/workflow/queries/task-rows';
import { secretaryCalls, type Secretary } from '../../../../src/contract/delegation';
import { widgetCalls } from '../../../../src/contract/widgets';
import { timingCalls } from '../../../../src/contract/workflow-timing';
import { addRoute } from '../../contract';
import { callerOf, id, idList, leaderParam, loose } from './common';
import { done, ok } from '../../schemas';

/**
 * Follows, due times, secretaries, parallel sign revokes, reminders and reports of the
 * runtime service.
 */
export async function settingRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;

  addRoute(app, timingCalls.saveFollows, async (request) => {
    const { body } = request;
    const nodeIds = Array.isArray(body.nodeIds) ? body.nodeIds : idList(body.nodeIds);
    await saveFollows(db, callerOf(request), body.instId, nodeIds);
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, timingCalls.followedNodes, async (request) =>
    followedNodes(db, callerOf(request), request.query.instId),
  );

  const ownTask = async (request: FastifyRequest, taskId: string) => {
    const caller = callerOf(request, leaderParam(request));
    const task = await taskWithFlowKey(db, taskId);
    if (!task) throw notFound('server:workflow.taskNotFound');
    const actor = await actorFor(db, caller, task.def_key);
    if (task.assignee_id !== actor.identity && task.owner_id !== actor.identity && !caller.isAdmin)
      throw forbidden('server:workflow.notYourTask');
    return task;
  };

  addRoute(app, timingCalls.dueTime, async (request) => {
    const task = await ownTask(request, request.query.taskId);
    const info = dueInfo(task, new Date());
    return { ...info, expirationDate: formatDateTime(info.expirationDate, tz) };
  });

  addRoute(app, timingCalls.dueAfter, async (request) => {
    const { id: taskId, addDueTime } = request.query;
    const task = await ownTask(request, taskId);
    return ok(formatDateTime(extendedDue(task.due_at, addDueTime, new Date()), tz), '');
  });

  addRoute(app, timingCalls.extend, async (request) => {
    await extendDue(db, callerOf(request, leaderParam(request)), request.body);
    return done(request, 'server:workflow.done.saved');
  });

  app.get(
    '/runtime/customsign/v1/getParallelRevokeTasks',
    {
      schema: {
        summary: 'Unanswered parallel custom-sign tasks of a waiting task',
        querystring: Type.Object({ taskId: id }),
        response: { 200: Type.Array(loose) },
      },
    },
    async (request) => {
      const { taskId } = request.query;
      const parent = await ownTask(request, taskId);
      const rows = await openCustomSigns(db, parent.id);
      return rows.map((row) => ({
        id: row.id,
        assigneeId: row.assignee_id,
        assigneeName: row.fullname,
        status: row.status,
        state: row.state,
      }));
    },
  );

  await secretaryRoutes(untyped);

  app.get(
    '/runtime/report/v1/getEchartsData',
    {
      schema: {
        summary:
          'Chart data of a workflow report (instancesByFlow, tasksByStatus, avgDurationByFlow) over the instances the caller may read',
        querystring: Type.Object({ reportId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: Type.Object({
            legend: Type.Array(Type.String()),
            xAxis: Type.Array(Type.String()),
            series: Type.Array(
              Type.Object({
                name: Type.String(),
                type: Type.String(),
                data: Type.Array(Type.Number()),
              }),
            ),
          }),
        },
      },
    },
    async (request) => echartsData(db, callerOf(request), request.query.reportId),
  );

  addRoute(app, widgetCalls.reminders, async (request) => {
    const caller = callerOf(request);
    const { page = 1, pageSize = 10 } = request.body?.pageBean ?? {};
    const rows = await workflowMessagesOf(db, caller.id, page, pageSize);
    const total = await workflowMessageCounts(db, caller.id);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        // A result message's outcome (approved, refused, ended, returned); else ''.
        outcome: row.outcome ?? '',
        // Composed in both languages when written (migration 0027); older ones in Chinese.
        text: (request.language === 'en-US' && row.text_en) || row.text,
        procInstId: row.inst_id ?? '',
        taskId: row.task_id ?? '',
        createTime: formatDateTime(row.created_at, tz),
        readTime: formatDateTime(row.read_at, tz),
      })),
      total: Number(total.n),
      unread: Number(total.unread),
      page,
      pageSize,
    };
  });
}

/**
 * Secretaries (/runtime/bpmSecretaryManage/v1): a leader names who may act for them, for all
 * flows or some. getSecretaryByUserId answers the leaders the caller serves (empty: the
 * caller is no secretary, and the leader menu is hidden).
 */
async function secretaryRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const row = (item: SecretaryRow): Secretary => ({
    id: item.id,
    leaderId: item.leader_id,
    leaderName: item.leader_name,
    secretaryId: item.secretary_id,
    secretaryName: item.secretary_name,
    defKeys: item.def_keys.join(','),
    createTime: formatDateTime(item.created_at, config.timeZone),
  });
  addRoute(app, secretaryCalls.leadersServed, async (request) =>
    (await leadersServedBy(db, callerOf(request).id)).map(row),
  );

  addRoute(app, secretaryCalls.list, async (request) => {
    const rows = (await secretariesOf(db, callerOf(request).id)).map(row);
    return { rows, total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
  });

  addRoute(app, secretaryCalls.get, async (request) => {
    const caller = callerOf(request);
    const found = await secretaryEntry(db, request.params.id);
    if (!found || (found.leader_id !== caller.id && found.secretary_id !== caller.id))
      throw notFound('server:workflow.secretaryNotFound');
    return row(found);
  });

  addRoute(app, secretaryCalls.save, async (request) => {
    const caller = callerOf(request);
    const { body } = request;
    const defKeys = Array.isArray(body.defKeys) ? body.defKeys : idList(body.defKeys ?? '');
    const secretary = await activeUser(db, body.secretaryId);
    if (secretary.id === caller.id) throw badRequest('server:workflow.notYourself');
    if (!(await allFlowsKnown(db, defKeys))) throw badRequest('server:workflow.defNotFound');
    if (body.id) {
      const values = { secretary_id: secretary.id, def_keys: defKeys };
      if (!(await updateSecretary(db, caller.id, body.id, values)))
        throw notFound('server:workflow.secretaryNotFound');
      return done(request, 'server:workflow.done.saved');
    }
    if (await hasSecretary(db, caller.id, secretary.id))
      throw badRequest('server:workflow.secretaryExists');
    await addSecretary(db, caller.id, secretary.id, defKeys);
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, secretaryCalls.remove, async (request) => {
    const ids = idList(request.query.ids);
    const removed = await removeSecretaries(db, callerOf(request).id, ids);
    if (removed === 0) throw notFound('server:workflow.secretaryNotFound');
    return done(request, 'server:workflow.done.removed');
  });
}
