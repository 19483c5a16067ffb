import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nodeName, subjectLabel } from '../../../workflow/queries/names';
import { Type } from 'typebox';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time';
import { assertCanView } from '../../../workflow/access';
import { mainDefinition } from '../../../workflow/definitions';
import { urgentStates } from '../../../workflow/actions/timing';
import {
  destinationsOf,
  executors,
  flowImage,
  instanceInfo,
  nodeDefs,
  opinions,
  readCtx,
  taskButtons,
  taskDetail,
  tasksAtNode,
} from '../../../workflow/queries/details';
import type { QueryFilter } from '../../../workflow/queries/filter';
import { startableFlowOf, startableList, type StartableRow } from '../../../workflow/queries/lists';
import { runList } from '../../../workflow/queries/run';
import {
  callerOf,
  detailCalls,
  flowCalls,
  id,
  leaderParam,
  optionalText,
  pageAnswer,
  stateAnswer,
} from './common';
import { infoMap } from './list-routes';
import { done, ok, queryFilter } from '../../schemas';
import { nodeChoice } from '../../../../src/contract/workflow-fields';
import { instanceCalls } from '../../../../src/contract/workflow-instances';
import { taskCalls } from '../../../../src/contract/workflow-tasks';
import { addRoute } from '../../contract';

const task = '/runtime/task/v1';
const instance = '/runtime/instance/v1';
const loose = Type.Object({}, { additionalProperties: true });
const looseList = Type.Array(loose);

/** Reads of the runtime service: a task, its buttons, an instance, its history and image. */
export async function detailRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;

  addRoute(app, detailCalls.task, async (request) =>
    taskDetail(db, callerOf(request, leaderParam(request)), request.query.id, tz),
  );

  addRoute(app, taskCalls.buttons, async (request) =>
    taskButtons(db, callerOf(request, leaderParam(request)), request.query.taskId),
  );

  const jumpNodes = async (taskId: string, request: FastifyRequest) =>
    destinationsOf(db, callerOf(request, leaderParam(request)), taskId);
  addRoute(app, taskCalls.jumpNodes, async (request) => jumpNodes(request.body.taskId, request));
  app.get(
    `${task}/taskToReject`,
    {
      schema: {
        summary:
          'Return targets of a task for a back model (reject: the previous node, backToStart: the start, rejectToAnyNode: all)',
        querystring: Type.Object({
          taskId: id,
          backModel: optionalText(32),
          leaderId: optionalText(64),
        }),
        response: { 200: Type.Array(nodeChoice) },
      },
    },
    async (request) => {
      const { taskId, backModel } = request.query;
      const choices = await jumpNodes(taskId, request);
      if (backModel === 'backToStart') return choices.slice(0, 1);
      if (backModel === 'reject') {
        const row = await db
          .selectFrom('wf_tasks')
          .select('prev_node_id')
          .where('id', '=', taskId)
          .executeTakeFirst();
        return choices.filter(
          (choice) => choice.nodeId === (row?.prev_node_id ?? choices[0]?.nodeId),
        );
      }
      return choices;
    },
  );

  app.post(
    `${task}/isEnd`,
    {
      schema: {
        summary: 'Has the instance finished? value true or false',
        querystring: Type.Object({ procInstId: id }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const instId = request.query.procInstId;
      await assertCanView(db, instId, caller.id, caller.isAdmin);
      const ctx = await readCtx(db, instId);
      return ok(ctx.inst.status !== 'running', '');
    },
  );

  app.get(
    `${task}/taskNode`,
    {
      schema: {
        summary: 'The nodes of a definition (nodeId, name, nodeType)',
        querystring: Type.Object({ defId: id }),
        response: { 200: looseList },
      },
    },
    async (request) => nodeDefs(db, { defId: request.query.defId }, request.language),
  );

  app.get(
    `${task}/getCurNodeProperties`,
    {
      schema: {
        summary: "The settings of a task's node",
        querystring: Type.Object({
          taskId: optionalText(64),
          defId: optionalText(64),
          instId: optionalText(64),
        }),
        response: { 200: loose },
      },
    },
    async (request) => {
      const { taskId } = request.query;
      if (!taskId) throw notFound('server:workflow.taskNotFound');
      const detail = await taskDetail(db, callerOf(request), taskId, tz);
      const ctx = await readCtx(db, detail.task.procInstId);
      const found = ctx.def.graph.nodes.get(detail.task.nodeId);
      return {
        nodeId: found?.id,
        name: found?.name,
        nodeType: found?.type,
        ...(found?.task ?? {}),
      };
    },
  );

  app.get(
    `${task}/nodeOpinion`,
    {
      schema: {
        summary: 'Opinions given at one node of an instance',
        querystring: Type.Object({ instId: id, nodeId: id }),
        response: { 200: looseList },
      },
    },
    async (request) => {
      const { instId, nodeId } = request.query;
      return opinions(db, callerOf(request), instId, tz, nodeId);
    },
  );

  app.get(
    `${task}/getTaskKeyByTaskId`,
    {
      schema: {
        summary: 'The node (taskKey) of a task',
        querystring: Type.Object({ taskId: id }),
        response: { 200: loose },
      },
    },
    async (request) => {
      const detail = await taskDetail(db, callerOf(request), request.query.taskId, tz);
      return {
        taskId: detail.task.id,
        taskKey: detail.task.nodeId,
        taskName: detail.task.name,
        procInstId: detail.task.procInstId,
      };
    },
  );

  app.get(
    `${task}/getTaskKeyByNodeId`,
    {
      schema: {
        summary:
          "The open tasks at a node of an instance the caller may read (the caller's first), as getTaskKeyByTaskId answers one",
        querystring: Type.Object({ instId: id, nodeId: id }),
        response: {
          200: Type.Object({
            taskId: Type.String(),
            taskKey: Type.String(),
            taskName: Type.String(),
            procInstId: Type.String(),
            tasks: looseList,
          }),
        },
      },
    },
    async (request) => {
      const { instId, nodeId } = request.query;
      return tasksAtNode(db, callerOf(request), instId, nodeId);
    },
  );

  const notice = async (request: FastifyRequest, noticeId: string) => {
    const caller = callerOf(request);
    const row = await db
      .selectFrom('wf_notices as n')
      .innerJoin('wf_instances as i', 'i.id', 'n.inst_id')
      .leftJoin('users as s', 's.id', 'n.sender_id')
      .select([
        'n.id',
        'n.inst_id',
        'n.task_id',
        'n.node_id',
        'n.node_name',
        'n.kind',
        'n.opinion',
        'n.reply',
        'n.created_at',
        'n.read_at',
        'n.receiver_id',
        'n.sender_id',
        's.fullname as sender_name',
        'i.subject',
        'i.subject_en',
      ])
      .select(
        nodeName(request.language, {
          defId: 'i.def_id',
          nodeId: 'n.node_id',
          stored: 'n.node_name',
        }).as('reader_node_name'),
      )
      .where('n.id', '=', noticeId)
      .executeTakeFirst();
    if (!row) throw notFound('server:workflow.noticeNotFound');
    if (row.receiver_id !== caller.id && row.sender_id !== caller.id && !caller.isAdmin)
      throw forbidden('server:workflow.notYourNotice');
    return {
      id: row.id,
      procInstId: row.inst_id,
      taskId: row.task_id ?? '',
      nodeId: row.node_id,
      name: row.reader_node_name,
      status: row.kind,
      subject: subjectLabel(request.language, row),
      opinion: row.opinion,
      reply: row.reply ?? '',
      ownerName: row.sender_name ?? '',
      createTime: formatDateTime(row.created_at, tz),
      readTime: formatDateTime(row.read_at, tz),
    };
  };
  for (const path of ['getNotice', 'getBpmTaskNoticeById', 'getBpmTaskNoticeDoneById']) {
    app.get(
      `${task}/${path}`,
      {
        schema: {
          summary: 'One notice (carbon copy or follow notice) of the caller',
          querystring: Type.Object({ id }),
          response: { 200: loose },
        },
      },
      async (request) => notice(request, request.query.id),
    );
  }

  addRoute(app, detailCalls.opinions, async (request) =>
    opinions(db, callerOf(request), request.query.instId, tz),
  );

  addRoute(app, detailCalls.instance, async (request) =>
    instanceInfo(db, callerOf(request), request.query.instId, tz),
  );

  const image = async (
    request: FastifyRequest,
    query: { proInstId?: string; instId?: string; defId?: string },
  ) => {
    const instId = query.proInstId ?? query.instId;
    return flowImage(
      db,
      callerOf(request),
      { ...(instId ? { instId } : {}), ...(query.defId ? { defId: query.defId } : {}) },
      tz,
    );
  };
  app.get(
    `${instance}/instanceFlowImage`,
    {
      schema: {
        summary: 'BPMN XML with done nodes and flows, current nodes and opinions per node',
        querystring: detailCalls.image.schema.querystring,
        response: detailCalls.image.schema.response,
      },
    },
    async (request) => image(request, request.query),
  );
  addRoute(app, detailCalls.image, async (request) => image(request, request.query));

  addRoute(app, detailCalls.nodeDefs, async (request) => {
    const { query } = request;
    if (query.instId) {
      const caller = callerOf(request);
      await assertCanView(db, query.instId, caller.id, caller.isAdmin);
    }
    return nodeDefs(db, query, request.language);
  });

  app.get(
    `${instance}/getExcutorNameByInstId`,
    {
      schema: {
        summary: 'Who holds each open node',
        querystring: Type.Object({ instId: id }),
        response: { 200: looseList },
      },
    },
    async (request) => executors(db, callerOf(request), request.query.instId),
  );

  addRoute(app, instanceCalls.mainDefId, async (request) => {
    const { query } = request;
    const def = await mainDefinition(db, {
      ...(query.defKey ? { defKey: query.defKey } : {}),
      ...(query.defId ? { defId: query.defId } : {}),
    });
    return ok(def.row.id, '');
  });

  addRoute(app, detailCalls.infoMap, async (request) => infoMap(untyped, request));

  addRoute(app, flowCalls.byCategory, async (request) => {
    const filter = { ...(request.body ?? {}), pageBean: { page: 1, pageSize: 500 } };
    const page = await runList<StartableRow>(db, startableList(callerOf(request)), filter, tz);
    const categories = await db.selectFrom('wf_categories').selectAll().orderBy('sort').execute();
    return categories
      .map((category) => ({
        id: category.id,
        name: (request.language === 'en-US' && category.name_en) || category.name,
        code: category.code,
        icon: category.icon,
        sn: category.sort,
        flowList: page.rows
          .filter((row) => row.typeId === category.id)
          .map((row) => startableFlowOf(row, tz)),
      }))
      .filter((group) => group.flowList.length > 0);
  });

  addRoute(app, flowCalls.favourites, async (request) => {
    const caller = callerOf(request);
    const startable = await runList<StartableRow>(
      db,
      startableList(caller),
      { pageBean: { page: 1, pageSize: 500 } },
      tz,
    );
    const favourites = await db
      .selectFrom('wf_favourites')
      .select(['def_key', 'is_top'])
      .where('user_id', '=', caller.id)
      .orderBy('is_top', 'desc')
      .orderBy('sort')
      .execute();
    const rows = favourites.flatMap((favourite) => {
      const row = startable.rows.find((candidate) => candidate.defKey === favourite.def_key);
      return row
        ? [{ ...startableFlowOf(row, tz), isAdd: true as const, isTop: favourite.is_top }]
        : [];
    });
    return { rows, total: rows.length, page: 1, pageSize: rows.length };
  });

  app.get(
    `${instance}/isTop`,
    {
      schema: {
        summary:
          'Pins (isTop=1) or unpins (isTop=0) one of the caller’s favourite flows; pinned ones come first in getMyOftenFlow',
        querystring: Type.Object({
          defKey: id,
          isTop: Type.Union([Type.Literal('1'), Type.Literal('0')]),
        }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      const { defKey, isTop } = request.query;
      const updated = await db
        .updateTable('wf_favourites')
        .set({ is_top: isTop === '1' })
        .where('user_id', '=', callerOf(request).id)
        .where('def_key', '=', defKey)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound('server:workflow.favouriteNotFound');
      return done(request, `server:workflow.done.${isTop === '1' ? 'pinned' : 'unpinned'}`);
    },
  );

  addRoute(app, instanceCalls.urgentStates, async (request) => {
    const body = request.body ?? {};
    let defKey = body.defKey;
    if (!defKey && body.instId) defKey = (await readCtx(db, body.instId)).inst.def_key;
    return { urgentStates: await urgentStates(db, defKey) };
  });

  app.post(
    `${instance}/getUrgrntById`,
    {
      schema: {
        summary: 'Urging records of an instance (querys: instId EQUAL, required)',
        body: Type.Optional(queryFilter),
        response: { 200: pageAnswer },
      },
    },
    async (request) => urgeRecords(untyped, request, request.body ?? {}),
  );
}

async function urgeRecords(app: FastifyInstance, request: FastifyRequest, filter: QueryFilter) {
  const { db, config } = app.deps;
  const instField = filter.querys?.find((field) => field.property === 'instId');
  const unknown = filter.querys?.find((field) => field.property !== 'instId');
  if (unknown || typeof instField?.value !== 'string') {
    throw badRequest('server:workflow.queryProperty', { property: unknown?.property ?? 'instId' });
  }
  const caller = callerOf(request);
  await assertCanView(db, instField.value, caller.id, caller.isAdmin);
  const rows = await db
    .selectFrom('wf_urges as g')
    .innerJoin('users as u', 'u.id', 'g.urger_id')
    .select([
      'g.id',
      'g.inst_id',
      'g.node_id',
      'g.urger_id',
      'u.fullname',
      'g.appointee_ids',
      'g.urgent_state',
      'g.opinion',
      'g.created_at',
    ])
    .where('g.inst_id', '=', instField.value)
    .orderBy('g.created_at', 'desc')
    .execute();
  const names = await db
    .selectFrom('users')
    .select(['id', 'fullname'])
    .where('id', 'in', [...new Set(rows.flatMap((row) => row.appointee_ids)), ''])
    .execute();
  const mapped = rows.map((row) => ({
    id: row.id,
    instId: row.inst_id,
    nodeId: row.node_id,
    urgerId: row.urger_id,
    urgerName: row.fullname,
    appointeeId: row.appointee_ids.join(','),
    appointeeName: row.appointee_ids
      .map((userId) => names.find((user) => user.id === userId)?.fullname ?? '')
      .join(','),
    urgentStateValue: row.urgent_state,
    opinion: row.opinion,
    createTime: formatDateTime(row.created_at, config.timeZone),
  }));
  return { rows: mapped, total: mapped.length, page: 1, pageSize: mapped.length };
}
