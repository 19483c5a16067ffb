import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { inTurn } from '../../../lib/advisory-lock';
import { UserError, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import type { Language } from '../../../../src/core/languages';
import { flowName } from '../queries/names';

/**
 * Agents (委托): while a rule is enabled and inside its period, tasks of the owner (in all
 * flows, or the listed ones) go to the agent; the engine reads the rules in
 * server/domain/workflow/engine/people.ts (agentOf).
 */
export interface AgentValues {
  agent_id: string;
  scope: 'all' | 'part';
  def_keys: string[];
  starts_at: Date;
  ends_at: Date;
  enabled: boolean;
  note: string;
}

/** Rules with the agent's name and the names of their flows in the reader's language. */
function agentRules(db: Db, language: Language) {
  return db
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
}

export type AgentRuleRow = Awaited<
  ReturnType<ReturnType<typeof agentRules>['executeTakeFirstOrThrow']>
>;

/** An owner's rules, newest first. */
export function agentRulesOf(db: Db, ownerId: string, language: Language): Promise<AgentRuleRow[]> {
  return agentRules(db, language)
    .where('a.owner_id', '=', ownerId)
    .orderBy('a.created_at', 'desc')
    .execute();
}

/** One rule of the owner, or undefined. */
export function agentRule(
  db: Db,
  ownerId: string,
  id: string,
  language: Language,
): Promise<AgentRuleRow | undefined> {
  return agentRules(db, language)
    .where('a.id', '=', id)
    .where('a.owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** An owner's enabled rules may not overlap in time for a flow: 409 with the reason. */
async function assertNoOverlap(
  trx: Db,
  ownerId: string,
  exceptId: string,
  rule: AgentValues,
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

/**
 * Stores an owner's rule: changes rule `id` (404 when the owner has none such) or adds one.
 * The overlap check and the write run one owner at a time, so 100 identical saves at once
 * store one rule and answer the others 409.
 */
export async function saveAgentRule(
  db: Db,
  ownerId: string,
  id: string | undefined,
  values: AgentValues,
): Promise<void> {
  await inTurn(db, `wf_agents:${ownerId}`, async (trx) => {
    if (values.enabled) await assertNoOverlap(trx, ownerId, id ?? '', values);
    if (id) {
      const result = await trx
        .updateTable('wf_agents')
        .set(values)
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('server:workflow.agentNotFound');
    } else {
      await trx
        .insertInto('wf_agents')
        .values({ id: newId(), owner_id: ownerId, ...values })
        .execute();
    }
  });
}

/** Deletes the owner's rules among `ids`; answers how many went. */
export async function removeAgentRules(db: Db, ownerId: string, ids: string[]): Promise<number> {
  const result = await db
    .deleteFrom('wf_agents')
    .where('id', 'in', ids)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
