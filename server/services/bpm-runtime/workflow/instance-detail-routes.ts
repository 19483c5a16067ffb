import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { assertCanView } from '../../../domain/workflow/access';
import { mainDefinition } from '../../../domain/workflow/definitions';
import {
  executors,
  flowImage,
  instanceInfo,
  nodeDefs,
  opinions,
} from '../../../domain/workflow/queries/details';
import { instanceCalls } from '../../../../src/contract/workflow-instances';
import { addRoute } from '../../contract';
import { ok } from '../../schemas';
import { callerOf, detailCalls, id, instanceBase, looseList } from './common';
import { infoMap } from './list-routes';

/** Reads of one instance: its history, its image, its nodes, who holds them, its form's data. */
export async function instanceDetailRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;

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
    `${instanceBase}/instanceFlowImage`,
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
    `${instanceBase}/getExcutorNameByInstId`,
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
}
