import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../../lib/errors';
import { assertCanView } from '../../../domain/workflow/access';
import {
  destinationsOf,
  nodeDefs,
  opinions,
  readCtx,
  taskButtons,
  taskDetail,
  tasksAtNode,
} from '../../../domain/workflow/queries/details';
import { previousNodeOf } from '../../../domain/workflow/queries/task-rows';
import { nodeChoice } from '../../../../src/contract/workflow-fields';
import { taskCalls } from '../../../../src/contract/workflow-tasks';
import { addRoute } from '../../contract';
import { ok } from '../../schemas';
import {
  callerOf,
  detailCalls,
  id,
  leaderParam,
  loose,
  looseList,
  optionalText,
  stateAnswer,
  taskBase,
} from './common';

/** Reads of one task: the task, its buttons, where it can go, its node and the node's opinions. */
export async function taskDetailRoutes(untyped: FastifyInstance) {
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
    `${taskBase}/taskToReject`,
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
        const previous = await previousNodeOf(db, taskId);
        return choices.filter((choice) => choice.nodeId === (previous ?? choices[0]?.nodeId));
      }
      return choices;
    },
  );

  app.post(
    `${taskBase}/isEnd`,
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
    `${taskBase}/taskNode`,
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
    `${taskBase}/getCurNodeProperties`,
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
    `${taskBase}/nodeOpinion`,
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
    `${taskBase}/getTaskKeyByTaskId`,
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
    `${taskBase}/getTaskKeyByNodeId`,
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
}
