import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { formatDateTime } from '../../../lib/time';
import { actorFor } from '../../../domain/workflow/access';
import { followedNodes, saveFollows } from '../../../domain/workflow/actions/notices';
import { dueInfo, extendDue, extendedDue } from '../../../domain/workflow/actions/timing';
import { echartsData } from '../../../domain/workflow/queries/reports';
import { secretaryCalls, type Secretary } from '../../../../src/contract/delegation';
import { widgetCalls } from '../../../../src/contract/widgets';
import { timingCalls } from '../../../../src/contract/workflow-timing';
import { addRoute } from '../../contract';
import { allFlowsKnown, callerOf, id, idList, leaderParam, loose } from './common';
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
    const task = await db
      .selectFrom('wf_tasks as t')
      .innerJoin('wf_instances as i', 'i.id', 't.inst_id')
      .select(['t.id', 't.due_at', 't.due_status', 't.assignee_id', 't.owner_id', 'i.def_key'])
      .where('t.id', '=', taskId)
      .executeTakeFirst();
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
      const rows = await db
        .selectFrom('wf_tasks as t')
        .leftJoin('users as u', 'u.id', 't.assignee_id')
        .select(['t.id', 't.assignee_id', 'u.fullname', 't.status', 't.state'])
        .where('t.parent_id', '=', parent.id)
        .where('t.kind', '=', 'customsign')
        .where('t.state', 'in', ['open', 'pending'])
        .orderBy('t.seq')
        .execute();
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
    const rows = await db
      .selectFrom('wf_messages')
      .selectAll()
      .where('user_id', '=', caller.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const total = await db
      .selectFrom('wf_messages')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
      ])
      .where('user_id', '=', caller.id)
      .executeTakeFirstOrThrow();
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
  const row = (item: {
    id: string;
    leader_id: string;
    leader_name: string;
    secretary_id: string;
    secretary_name: string;
    def_keys: string[];
    created_at: Date;
  }): Secretary => ({
    id: item.id,
    leaderId: item.leader_id,
    leaderName: item.leader_name,
    secretaryId: item.secretary_id,
    secretaryName: item.secretary_name,
    defKeys: item.def_keys.join(','),
    createTime: formatDateTime(item.created_at, config.timeZone),
  });
  const select = () =>
    db
      .selectFrom('wf_secretaries as s')
      .innerJoin('users as l', 'l.id', 's.leader_id')
      .innerJoin('users as c', 'c.id', 's.secretary_id')
      .select([
        's.id',
        's.leader_id',
        'l.fullname as leader_name',
        's.secretary_id',
        'c.fullname as secretary_name',
        's.def_keys',
        's.created_at',
      ]);

  addRoute(app, secretaryCalls.leadersServed, async (request) =>
    (
      await select()
        .where('s.secretary_id', '=', callerOf(request).id)
        .orderBy('l.fullname')
        .execute()
    ).map(row),
  );

  addRoute(app, secretaryCalls.list, async (request) => {
    const rows = (
      await select()
        .where('s.leader_id', '=', callerOf(request).id)
        .orderBy('s.created_at')
        .execute()
    ).map(row);
    return { rows, total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
  });

  addRoute(app, secretaryCalls.get, async (request) => {
    const caller = callerOf(request);
    const found = await select().where('s.id', '=', request.params.id).executeTakeFirst();
    if (!found || (found.leader_id !== caller.id && found.secretary_id !== caller.id))
      throw notFound('server:workflow.secretaryNotFound');
    return row(found);
  });

  addRoute(app, secretaryCalls.save, async (request) => {
    const caller = callerOf(request);
    const { body } = request;
    const defKeys = Array.isArray(body.defKeys) ? body.defKeys : idList(body.defKeys ?? '');
    const secretary = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', body.secretaryId)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!secretary) throw badRequest('server:workflow.userUnknown');
    if (secretary.id === caller.id) throw badRequest('server:workflow.notYourself');
    if (!(await allFlowsKnown(db, defKeys))) throw badRequest('server:workflow.defNotFound');
    if (body.id) {
      const updated = await db
        .updateTable('wf_secretaries')
        .set({ secretary_id: secretary.id, def_keys: defKeys })
        .where('id', '=', body.id)
        .where('leader_id', '=', caller.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound('server:workflow.secretaryNotFound');
      return done(request, 'server:workflow.done.saved');
    }
    const existing = await db
      .selectFrom('wf_secretaries')
      .select('id')
      .where('leader_id', '=', caller.id)
      .where('secretary_id', '=', secretary.id)
      .executeTakeFirst();
    if (existing) throw badRequest('server:workflow.secretaryExists');
    await db
      .insertInto('wf_secretaries')
      .values({
        id: newId(),
        leader_id: caller.id,
        secretary_id: secretary.id,
        def_keys: defKeys,
      })
      .execute();
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, secretaryCalls.remove, async (request) => {
    const ids = idList(request.query.ids);
    const removed = await db
      .deleteFrom('wf_secretaries')
      .where('id', 'in', ids)
      .where('leader_id', '=', callerOf(request).id)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('server:workflow.secretaryNotFound');
    return done(request, 'server:workflow.done.removed');
  });
}
