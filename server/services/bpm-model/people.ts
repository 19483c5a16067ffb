import { flowName } from '../../domain/workflow/queries/names';
import type { Language } from '../../../src/core/languages';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { lockName } from '../../lib/advisory-lock';
import { UserError, badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatDateTime } from '../../lib/time';
import {
  agentCalls,
  deputyCalls,
  type AgentRule,
  type Deputy,
} from '../../../src/contract/delegation';
import { allFlowsKnown, callerOf, idList } from '../bpm-runtime/workflow/common';
import { addRoute } from '../contract';
import { done } from '../schemas';

/** "yyyy-MM-dd[ HH:mm[:ss]]" in the business time zone, read by PostgreSQL. */
async function businessTime(db: Kysely<Database>, text: string, timeZone: string): Promise<Date> {
  if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(text.trim())) {
    throw badRequest('server:workflow.dateInvalid');
  }
  try {
    const result = await sql<{
      at: Date;
    }>`select (${text.trim()}::timestamp at time zone ${timeZone}) as at`.execute(db);
    return result.rows[0]!.at;
  } catch {
    throw badRequest('server:workflow.dateInvalid');
  }
}

async function activeUser(db: Kysely<Database>, userId: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'fullname'])
    .where('id', '=', userId)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!user) throw badRequest('server:workflow.userUnknown');
  return user;
}

/**
 * Agents (委托, /flow/agent/v1): while a rule is enabled and inside its period, tasks of the
 * owner (in all flows, or the listed ones) go to the agent with status AGENT; the owner sees
 * them in getDelegate and may take them back.
 */
interface AgentPeriod {
  scope: 'all' | 'part';
  def_keys: string[];
  starts_at: Date;
  ends_at: Date;
}

/** An owner's enabled rules may not overlap in time for a flow: 409 with the reason. */
async function assertNoOverlap(
  trx: Kysely<Database>,
  ownerId: string,
  exceptId: string,
  rule: AgentPeriod,
): Promise<void> {
  const clash = await trx
    .selectFrom('wf_agents')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('enabled', '=', true)
    .where('id', '<>', exceptId)
    .where('starts_at', '<', rule.ends_at)
    .where('ends_at', '>', rule.starts_at)
    .where((eb) =>
      eb.or([
        eb('scope', '=', 'all'),
        sql<boolean>`${rule.scope} = 'all'`,
        sql<boolean>`def_keys && ${sql.val(rule.def_keys)}::text[]`,
      ]),
    )
    .executeTakeFirst();
  if (clash) throw new UserError(409, 'server:workflow.agentOverlap');
}

export async function agentRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;
  // The flows' names in the reader's language.
  const select = (language: Language) =>
    db
      .selectFrom('wf_agents as a')
      .innerJoin('users as u', 'u.id', 'a.agent_id')
      .select([
        'a.id',
        'a.owner_id',
        'a.agent_id',
        'u.fullname as agent_name',
        'a.scope',
        'a.def_keys',
        'a.starts_at',
        'a.ends_at',
        'a.enabled',
        'a.note',
        'a.created_at',
      ])
      .select(
        sql<string>`(select string_agg(distinct ${flowName(language)}, ',') from wf_definitions d where d.def_key = any(a.def_keys))`.as(
          'auth_names',
        ),
      );
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const shape = (row: Row): AgentRule => ({
    id: row.id,
    agentId: row.agent_id,
    agent: row.agent_name,
    agentName: row.agent_name,
    type: row.scope === 'all' ? 1 : 2,
    defKeys: row.def_keys.join(','),
    authNames: row.scope === 'all' ? '' : (row.auth_names ?? ''),
    startDate: formatDateTime(row.starts_at, tz),
    endDate: formatDateTime(row.ends_at, tz),
    isEnabled: row.enabled ? 'enabled' : 'disabled',
    note: row.note,
    createTime: formatDateTime(row.created_at, tz),
  });

  addRoute(app, agentCalls.list, async (request) => {
    const rows = (
      await select(request.language)
        .where('a.owner_id', '=', callerOf(request).id)
        .orderBy('a.created_at', 'desc')
        .execute()
    ).map(shape);
    return { rows, total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
  });

  addRoute(app, agentCalls.get, async (request) => {
    const row = await select(request.language)
      .where('a.id', '=', request.query.id)
      .where('a.owner_id', '=', callerOf(request).id)
      .executeTakeFirst();
    if (!row) throw notFound('server:workflow.agentNotFound');
    return shape(row);
  });

  addRoute(app, agentCalls.save, async (request) => {
    const caller = callerOf(request);
    const body = request.body;
    const agent = await activeUser(db, body.agentId);
    if (agent.id === caller.id) throw badRequest('server:workflow.notYourself');
    const starts = await businessTime(db, body.startDate, tz);
    const ends = await businessTime(db, body.endDate, tz);
    if (starts >= ends) throw badRequest('server:workflow.periodInvalid');
    const scope = String(body.type ?? 1) === '2' ? 'part' : 'all';
    const defKeys =
      scope === 'all'
        ? []
        : Array.isArray(body.defKeys)
          ? body.defKeys
          : idList(body.defKeys ?? '');
    if (scope === 'part') {
      if (defKeys.length === 0 || !(await allFlowsKnown(db, defKeys)))
        throw badRequest('server:workflow.defNotFound');
    }
    const enabled =
      body.isEnabled === undefined ||
      body.isEnabled === true ||
      body.isEnabled === 'enabled' ||
      body.isEnabled === 'true';
    const values = {
      agent_id: agent.id,
      scope: scope as 'all' | 'part',
      def_keys: defKeys,
      starts_at: starts,
      ends_at: ends,
      enabled,
      note: (body.note ?? '').trim(),
    };
    // The overlap check and the write, one owner at a time: 100 identical saves at once
    // store one rule and answer the others 409.
    await db.transaction().execute(async (trx) => {
      await lockName(trx, `wf_agents:${caller.id}`);
      if (enabled) await assertNoOverlap(trx, caller.id, body.id ?? '', values);
      if (body.id) {
        const result = await trx
          .updateTable('wf_agents')
          .set(values)
          .where('id', '=', body.id)
          .where('owner_id', '=', caller.id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('server:workflow.agentNotFound');
      } else {
        await trx
          .insertInto('wf_agents')
          .values({ id: newId(), owner_id: caller.id, ...values })
          .execute();
      }
    });
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, agentCalls.remove, async (request) => {
    const result = await db
      .deleteFrom('wf_agents')
      .where('id', 'in', idList(request.query.ids))
      .where('owner_id', '=', callerOf(request).id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('server:workflow.agentNotFound');
    return done(request, 'server:workflow.done.removed');
  });
}

/**
 * Deputies (/bpmModel/bpmDeputy/v1): each task arriving for the user is copied to their
 * deputies (a COPYTO notice), so a deputy can follow what the user has to do.
 */
export async function deputyRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const list = async (userId: string): Promise<Deputy[]> => {
    const rows = await db
      .selectFrom('wf_deputies as d')
      .innerJoin('users as u', 'u.id', 'd.deputy_id')
      .select(['d.id', 'd.deputy_id', 'u.fullname', 'd.created_at'])
      .where('d.user_id', '=', userId)
      .orderBy('d.created_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      agentId: row.deputy_id,
      agentName: row.fullname,
      createTime: formatDateTime(row.created_at, config.timeZone),
    }));
  };

  // userId is not read: a user sees only their own deputies.
  addRoute(app, deputyCalls.forUser, async (request) => list(callerOf(request).id));

  addRoute(app, deputyCalls.list, async (request) => {
    const rows = await list(callerOf(request).id);
    return { rows, total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
  });

  addRoute(app, deputyCalls.save, async (request) => {
    const caller = callerOf(request);
    const deputy = await activeUser(db, request.body.agentId);
    if (deputy.id === caller.id) throw badRequest('server:workflow.notYourself');
    await db
      .insertInto('wf_deputies')
      .values({ id: newId(), user_id: caller.id, deputy_id: deputy.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, deputyCalls.remove, async (request) => {
    const result = await db
      .deleteFrom('wf_deputies')
      .where('id', 'in', idList(request.query.ids))
      .where('user_id', '=', callerOf(request).id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('server:workflow.deputyNotFound');
    return done(request, 'server:workflow.done.removed');
  });
}
