import { sql } from 'kysely';
import { badRequest } from '../../../lib/errors';
import { NoBranchError, routeOf } from '../model/route';
import type { ProcessGraph } from '../model/graph';
import { flushCtx, requestersOf, type Ctx } from './context';

/**
 * Approval integrity (docs/workflow.md): nothing ends approved without every approval its
 * final content requires. The route the final data takes decides which approval nodes are
 * required; each needs an approval that still counts:
 * - given by someone other than the requester (the applicant, and whoever started the
 *   request for them), except on a node the definition gives to the applicant themselves;
 * - given on content that has not changed since at that node or at any node before it (a
 *   change at a node asks again every approval after it on the route; approvals before it
 *   and on parallel branches stand: the node's holder was allowed to change those fields).
 * The engine keeps the flow on that route (returns, resubmissions, direct returns); this is
 * the last line, run before an instance ends as approved.
 */
interface Approval {
  node_id: string;
  form_rev: number;
  by: string | null;
  owner: string | null;
}

/** Approvals of user nodes (done agreed tasks) and countersigns (rounds that passed). */
async function approvalsOf(ctx: Ctx): Promise<Approval[]> {
  const rows = await sql<Approval>`
    select node_id, coalesce(form_rev, 0) as form_rev, completed_by as by, owner_id as owner
      from wf_tasks
      where inst_id = ${ctx.inst.id} and kind = 'main' and node_type = 'USERTASK'
        and state = 'done' and action = 'agree'
    union all
    select node_id, form_rev, null, null from wf_records
      where inst_id = ${ctx.inst.id} and action = 'signResult' and detail->>'result' = 'pass'`.execute(
    ctx.trx,
  );
  return rows.rows;
}

/** Where and at which revision the content changed. */
async function changesOf(ctx: Ctx): Promise<{ node_id: string; form_rev: number }[]> {
  return ctx.trx
    .selectFrom('wf_records')
    .select(['node_id', 'form_rev'])
    .where('inst_id', '=', ctx.inst.id)
    .where('action', '=', 'formChange')
    .execute();
}

/** The final content's route; a gateway no branch of leaves is the engine's usual refusal. */
function requiredRoute(ctx: Ctx): string[] {
  try {
    return routeOf(ctx.def.graph, ctx.inst.form_data);
  } catch (error) {
    if (!(error instanceof NoBranchError)) throw error;
    throw badRequest('server:workflow.noBranch', { node: error.gateway.name });
  }
}

/** A node the definition gives to the applicant (atrium:assignee="starter"). */
export function isApplicantStep(graph: ProcessGraph, nodeId: string): boolean {
  const settings = graph.nodes.get(nodeId)?.task;
  return settings?.assignees.some((source) => source.kind === 'starter') ?? false;
}

/**
 * The approval nodes of the final route without an approval that counts, earliest first.
 */
export async function missingApprovals(ctx: Ctx): Promise<string[]> {
  // This action's records (a vote's result, a change of the form) are read back here.
  await flushCtx(ctx);
  const graph = ctx.def.graph;
  const required = requiredRoute(ctx);
  const approvals = await approvalsOf(ctx);
  const changes = await changesOf(ctx);
  const requesters = requestersOf(ctx.inst);
  const byRequester = (approval: Approval) =>
    [approval.by, approval.owner].some((id) => id !== null && requesters.includes(id));
  const stillCounts = (approval: Approval) =>
    !changes.some(
      (change) =>
        change.form_rev > approval.form_rev &&
        (change.node_id === approval.node_id ||
          graph.reach.get(change.node_id)?.has(approval.node_id) === true),
    );
  return required.filter(
    (nodeId) =>
      !approvals.some(
        (approval) =>
          approval.node_id === nodeId &&
          stillCounts(approval) &&
          (isApplicantStep(graph, nodeId) || !byRequester(approval)),
      ),
  );
}

/** The missing nodes to ask first: those no other missing node comes before. */
export function firstOf(graph: ProcessGraph, missing: string[]): string[] {
  return missing.filter(
    (id) => !missing.some((other) => other !== id && graph.reach.get(other)!.has(id)),
  );
}
