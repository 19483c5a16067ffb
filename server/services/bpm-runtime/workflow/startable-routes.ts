import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../../lib/errors';
import { flowCategories } from '../../../domain/workflow/categories';
import { favouritesOf, pinFavourite } from '../../../domain/workflow/favourites';
import {
  startableFlowOf,
  startableList,
  type StartableRow,
} from '../../../domain/workflow/queries/lists';
import { runList } from '../../../domain/workflow/queries/run';
import { addRoute } from '../../contract';
import { done } from '../../schemas';
import { callerOf, flowCalls, id, instanceBase, stateAnswer } from './common';

/** The flows the caller may start: by category, the favourites, and pinning a favourite. */
export async function startableRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;

  addRoute(app, flowCalls.byCategory, async (request) => {
    const filter = { ...(request.body ?? {}), pageBean: { page: 1, pageSize: 500 } };
    const page = await runList<StartableRow>(db, startableList(callerOf(request)), filter, tz);
    const categories = await flowCategories(db);
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
    const favourites = await favouritesOf(db, caller.id);
    const rows = favourites.flatMap((favourite) => {
      const row = startable.rows.find((candidate) => candidate.defKey === favourite.def_key);
      return row
        ? [{ ...startableFlowOf(row, tz), isAdd: true as const, isTop: favourite.is_top }]
        : [];
    });
    return { rows, total: rows.length, page: 1, pageSize: rows.length };
  });

  app.get(
    `${instanceBase}/isTop`,
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
      if (!(await pinFavourite(db, callerOf(request).id, defKey, isTop === '1')))
        throw notFound('server:workflow.favouriteNotFound');
      return done(request, `server:workflow.done.${isTop === '1' ? 'pinned' : 'unpinned'}`);
    },
  );
}
