import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../../lib/errors';
import { deployedFlowsNamed } from '../../../domain/workflow/queries/flows-by-name';
import { startableList } from '../../../domain/workflow/queries/lists';
import { runList } from '../../../domain/workflow/queries/run';
import { callerOf, instanceBase as instance } from './common';
import { ok } from '../../schemas';

/**
 * The runtime's icon call by name (spec/workflow-office.md 7.2, "an icon call by name"): the
 * icon of a flow the caller may start, found by its name in either language. A flow's icon,
 * like its category's, is JSON such as {"color":"#1890ff"}; a flow without its own icon
 * answers its category's. A flow the caller may not start answers 404 like an unknown name,
 * so names of flows are not probed through it.
 */
export async function iconRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  app.get(
    `${instance}/getIconByName`,
    {
      schema: {
        summary: 'The icon of a startable flow by its name (JSON text such as {"color":"#1890ff"})',
        querystring: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: {
          200: Type.Object({
            state: Type.Boolean(),
            value: Type.Object({ name: Type.String(), defKey: Type.String(), icon: Type.String() }),
          }),
        },
      },
    },
    async (request) => {
      const name = request.query.name.trim();
      const named = await deployedFlowsNamed(db, name);
      const startable = named.length
        ? await runList(
            db,
            startableList(callerOf(request)),
            { pageBean: { page: 1, pageSize: 500 } },
            config.timeZone,
          )
        : { rows: [] };
      const keys = new Set(startable.rows.map((row) => row.defKey));
      const flow = named.find((row) => keys.has(row.def_key));
      if (!flow) throw notFound('server:specRows.flowNotFound');
      const english = request.language === 'en-US';
      return ok({
        name: (english && flow.name_en) || flow.name,
        defKey: flow.def_key,
        icon: flow.icon || flow.category_icon,
      });
    },
  );
}
