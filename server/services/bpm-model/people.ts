import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { activeUser } from '../../domain/directory/active-user';
import { businessTime } from '../../domain/workflow/business-time';
import {
  agentRule,
  agentRulesOf,
  removeAgentRules,
  saveAgentRule,
  type AgentRuleRow,
} from '../../domain/workflow/delegation/agents';
import { addDeputy, deputiesOf, removeDeputies } from '../../domain/workflow/delegation/deputies';
import { allFlowsKnown } from '../../domain/workflow/flow-keys';
import {
  agentCalls,
  deputyCalls,
  type AgentRule,
  type Deputy,
} from '../../../src/contract/delegation';
import { callerOf, idList } from '../bpm-runtime/workflow/common';
import { addRoute } from '../contract';
import { done } from '../schemas';

/**
 * Agents (委托, /flow/agent/v1): while a rule is enabled and inside its period, tasks of the
 * owner (in all flows, or the listed ones) go to the agent with status AGENT; the owner sees
 * them in getDelegate and may take them back.
 */
export async function agentRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;
  const shape = (row: AgentRuleRow): AgentRule => ({
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
    const rows = (await agentRulesOf(db, callerOf(request).id, request.language)).map(shape);
    return { rows, total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
  });

  addRoute(app, agentCalls.get, async (request) => {
    const row = await agentRule(db, callerOf(request).id, request.query.id, request.language);
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
    await saveAgentRule(db, caller.id, body.id, values);
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, agentCalls.remove, async (request) => {
    const removed = await removeAgentRules(db, callerOf(request).id, idList(request.query.ids));
    if (removed === 0) throw notFound('server:workflow.agentNotFound');
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
    const rows = await deputiesOf(db, userId);
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
    await addDeputy(db, caller.id, deputy.id);
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, deputyCalls.remove, async (request) => {
    const removed = await removeDeputies(db, callerOf(request).id, idList(request.query.ids));
    if (removed === 0) throw notFound('server:workflow.deputyNotFound');
    return done(request, 'server:workflow.done.removed');
  });
}
