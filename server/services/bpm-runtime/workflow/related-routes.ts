import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { assertCanView } from '../../../domain/workflow/access';
import type { QueryFilter } from '../../../domain/workflow/queries/filter';
import {
  instanceTimes,
  linkableList,
  recordList,
  relatedInfo,
} from '../../../domain/workflow/queries/related';
import { runList, withTimes, type ListSpec } from '../../../domain/workflow/queries/run';
import { callerOf, id, instanceBase as instance, loose, pageAnswer } from './common';
import { queryFilter } from '../../schemas';

/** Business records and related processes of the runtime service (docs/workflow.md). */
export async function relatedRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;
  const page = async (spec: ListSpec, filter: QueryFilter) => {
    const found = await runList(db, spec, filter, tz);
    return { ...found, rows: found.rows.map((row) => withTimes(row, instanceTimes, tz)) };
  };

  app.post(
    `${instance}/getByRecordInstId`,
    {
      schema: {
        summary:
          'The instances of the business record instId was started for (itself included), newest first, those the caller may read',
        body: Type.Object({ instId: id, ...queryFilter.properties }),
        response: { 200: pageAnswer },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { instId, ...filter } = request.body;
      await assertCanView(db, instId, caller.id, caller.isAdmin);
      return page(recordList(caller, instId), filter);
    },
  );

  app.get(
    `${instance}/getRelatedInformationById`,
    {
      schema: {
        summary:
          'For an instance the caller may read: the instances of its business record and those linked to it, and its files',
        querystring: Type.Object({ id }),
        response: {
          200: Type.Object({ instances: Type.Array(loose), files: Type.Array(loose) }),
        },
      },
    },
    async (request) => relatedInfo(db, callerOf(request), request.query.id, tz),
  );

  app.post(
    `${instance}/relatedProcess`,
    {
      schema: {
        summary:
          'Instances the caller may link as related processes (started, acted on, copied on); querys subject LIKE',
        body: Type.Optional(queryFilter),
        response: { 200: pageAnswer },
      },
    },
    async (request) =>
      page(linkableList(callerOf(request).id, request.language), request.body ?? {}),
  );
}
