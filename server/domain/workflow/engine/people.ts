import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AssigneeSource } from '../model/assignee';
import { applicantOf, requestersOf, type Ctx } from './context';

/** Active users by id or account, in the order asked, without duplicates. */
export async function activeUsers(trx: Kysely<Database>, refs: string[]): Promise<string[]> {
  const wanted = refs.map((ref) => ref.trim()).filter(Boolean);
  if (wanted.length === 0) return [];
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'account'])
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('id', 'in', wanted), eb('account', 'in', wanted)]))
    .execute();
  const ids: string[] = [];
  for (const ref of wanted) {
    const row = rows.find((candidate) => candidate.id === ref || candidate.account === ref);
    if (row && !ids.includes(row.id)) ids.push(row.id);
  }
  return ids;
}

async function roleMembers(trx: Kysely<Database>, code: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select('u.id')
    .where('r.code', '=', code)
    .where('ur.deleted', '=', false)
    .where('u.status', '=', 1)
    .orderBy('u.account')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The leader of an org for a person: the org's leader, or, when the person leads it (or it
 * has none), the leader of the parent org, and so on up. `skip` are people who cannot be
 * that leader (the person, and whoever started the request for them).
 */
export async function leaderFor(
  trx: Kysely<Database>,
  userId: string,
  orgId: string | null,
  skip: string[] = [userId],
): Promise<string | null> {
  let current = orgId;
  for (let depth = 0; current && depth < 20; depth++) {
    const leader = await trx
      .selectFrom('wf_org_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('m.org_id', '=', current)
      .where('m.is_leader', '=', true)
      .where('m.user_id', 'not in', [userId, ...skip])
      .where('u.status', '=', 1)
      .orderBy('m.user_id')
      .executeTakeFirst();
    if (leader) return leader.user_id;
    const org = await trx
      .selectFrom('wf_orgs')
      .select('parent_id')
      .where('id', '=', current)
      .executeTakeFirst();
    current = org?.parent_id ?? null;
  }
  return null;
}

/** The users in a user field: ids or accounts, as a list or comma-separated text. */
function fieldRefs(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? value.split(',') : [];
}

/** Resolves a node's assignee sources to active user ids, in order, without duplicates. */
export async function resolveSources(ctx: Ctx, sources: AssigneeSource[]): Promise<string[]> {
  const ids: string[] = [];
  const add = (more: string[]) => more.forEach((id) => ids.includes(id) || ids.push(id));
  const applicant = applicantOf(ctx.inst);
  for (const source of sources) {
    if (source.kind === 'user') add(await activeUsers(ctx.trx, [source.account]));
    else if (source.kind === 'role') add(await roleMembers(ctx.trx, source.code));
    else if (source.kind === 'starter') add(await activeUsers(ctx.trx, [applicant]));
    else if (source.kind === 'starterLeader') {
      const leader = await applicantLeader(ctx);
      if (leader) add([leader]);
    } else add(await activeUsers(ctx.trx, fieldRefs(ctx.inst.form_data[source.name])));
  }
  return ids;
}

/** The applicant's leader: never the applicant, nor whoever started the request for them. */
function applicantLeader(ctx: Ctx): Promise<string | null> {
  return leaderFor(ctx.trx, applicantOf(ctx.inst), ctx.inst.start_org_id, requestersOf(ctx.inst));
}

/**
 * Who approves at a node: its assignee sources, without the requesters (segregation of
 * duties). A node whose every candidate is a requester goes to the applicant's leader
 * instead; none found, the action that reaches it is refused (noAssignee). A node the
 * definition gives to the applicant (`starter`) is their own step, not an approval.
 */
export async function approversOf(ctx: Ctx, sources: AssigneeSource[]): Promise<string[]> {
  const users = await resolveSources(ctx, sources);
  if (sources.some((source) => source.kind === 'starter')) return users;
  const requesters = requestersOf(ctx.inst);
  const others = users.filter((id) => !requesters.includes(id));
  if (others.length > 0 || users.length === 0) return others;
  const leader = await applicantLeader(ctx);
  return leader ? [leader] : [];
}

/**
 * The agent standing in for a user in this flow right now (an active delegation rule). A
 * rule that would hand a request to one of its requesters does not apply to it: the task
 * stays with the user.
 */
export async function agentOf(ctx: Ctx, userId: string): Promise<string | null> {
  const rule = await ctx.trx
    .selectFrom('wf_agents as a')
    .innerJoin('users as u', 'u.id', 'a.agent_id')
    .select('a.agent_id')
    .where('a.owner_id', '=', userId)
    .where('a.enabled', '=', true)
    .where('a.starts_at', '<=', ctx.now)
    .where('a.ends_at', '>', ctx.now)
    .where('u.status', '=', 1)
    .where('a.agent_id', 'not in', requestersOf(ctx.inst))
    .where((eb) =>
      eb.or([eb('a.scope', '=', 'all'), sql<boolean>`${ctx.inst.def_key} = any(a.def_keys)`]),
    )
    .orderBy('a.created_at', 'desc')
    .executeTakeFirst();
  return rule?.agent_id ?? null;
}

/** True when the user may act for the leader in this flow (wf_secretaries). */
export async function isSecretaryOf(
  trx: Kysely<Database>,
  secretaryId: string,
  leaderId: string,
  defKey: string | null,
): Promise<boolean> {
  const row = await trx
    .selectFrom('wf_secretaries')
    .select('def_keys')
    .where('secretary_id', '=', secretaryId)
    .where('leader_id', '=', leaderId)
    .executeTakeFirst();
  if (!row) return false;
  return row.def_keys.length === 0 || defKey === null || row.def_keys.includes(defKey);
}
