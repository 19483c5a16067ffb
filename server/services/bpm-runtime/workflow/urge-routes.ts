import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time';
import { userNames } from '../../../domain/directory/user-names';
import { assertCanView } from '../../../domain/workflow/access';
import { urgentStates } from '../../../domain/workflow/actions/timing';
import { readCtx } from '../../../domain/workflow/queries/details';
import type { QueryFilter } from '../../../domain/workflow/queries/filter';
import { urgesOf } from '../../../domain/workflow/queries/urges';
import { instanceCalls } from '../../../../src/contract/workflow-instances';
import { addRoute } from '../../contract';
import { queryFilter } from '../../schemas';
import { callerOf, instanceBase, pageAnswer } from './common';

/** Urging: the urgency levels a flow offers and the urgings of an instance. */
export async function urgeRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  addRoute(app, instanceCalls.urgentStates, async (request) => {
    const body = request.body ?? {};
    let defKey = body.defKey;
    if (!defKey && body.instId) defKey = (await readCtx(db, body.instId)).inst.def_key;
    return { urgentStates: await urgentStates(db, defKey) };
  });

  app.post(
    `${instanceBase}/getUrgrntById`,
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
  const rows = await urgesOf(db, instField.value);
  const names = await userNames(
    db,
    rows.flatMap((row) => row.appointee_ids),
  );
  const mapped = rows.map((row) => ({
    id: row.id,
    instId: row.inst_id,
    nodeId: row.node_id,
    urgerId: row.urger_id,
    urgerName: row.fullname,
    appointeeId: row.appointee_ids.join(','),
    appointeeName: row.appointee_ids.map((userId) => names.get(userId) ?? '').join(','),
    urgentStateValue: row.urgent_state,
    opinion: row.opinion,
    createTime: formatDateTime(row.created_at, config.timeZone),
  }));
  return { rows: mapped, total: mapped.length, page: 1, pageSize: mapped.length };
}
