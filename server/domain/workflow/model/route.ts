import type { FormData } from '../../../db/schema-workflow';
import { evaluateCondition } from './condition';
import { flow, node, type FlowNode, type ProcessGraph } from './graph';

/** A gateway that no branch of leaves for this data (and that has no default flow). */
export class NoBranchError extends Error {
  constructor(readonly gateway: FlowNode) {
    super(`no branch of ${gateway.id} holds`);
  }
}

/**
 * The flows a node leaves by for this data: gateways decide on the form data (an exclusive
 * one takes the first flow whose condition holds, an inclusive one every such flow, else the
 * default), other nodes take all. The engine moves tokens with it and the integrity check
 * works out the route with it, so the two cannot disagree.
 */
export function chooseFlows(graph: ProcessGraph, from: FlowNode, data: FormData): string[] {
  if (from.type !== 'EXCLUSIVEGATEWAY' && from.type !== 'INCLUSIVEGATEWAY') return from.outgoing;
  const candidates = from.outgoing.filter((id) => id !== from.defaultFlow);
  const holds = (id: string) => {
    const condition = flow(graph, id).condition;
    return condition === null || evaluateCondition(condition, data);
  };
  const chosen =
    from.type === 'EXCLUSIVEGATEWAY'
      ? candidates.filter(holds).slice(0, 1)
      : candidates.filter(holds);
  if (chosen.length > 0) return chosen;
  if (from.defaultFlow) return [from.defaultFlow];
  throw new NoBranchError(from);
}

/**
 * The approval nodes (user and countersign nodes) the route of this data passes from the
 * start to the end, each once, in an order where a node comes after every node before it.
 */
export function routeOf(graph: ProcessGraph, data: FormData): string[] {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const current = node(graph, id);
    for (const flowId of chooseFlows(graph, current, data)) visit(flow(graph, flowId).target);
  };
  visit(graph.startId);
  const approvals = [...seen].filter((id) => {
    const type = node(graph, id).type;
    return type === 'USERTASK' || type === 'SIGNTASK';
  });
  // Ancestors first: in a DAG a node reaches everything its descendants reach and them too,
  // so it has strictly more reachable nodes than any of them.
  return approvals.sort((a, b) => graph.reach.get(b)!.size - graph.reach.get(a)!.size);
}
