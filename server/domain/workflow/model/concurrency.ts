import { flow, isJoin, node, type ProcessGraph } from './graph';

/**
 * Shapes the engine cannot run: parallel branches that can bring two tokens to one task or
 * timer at the same time (branches merged by an exclusive gateway, by a task with several
 * incoming flows, or a join's way out met again by a branch that skipped the join). At run
 * time the second token would find the node busy (`nodeBusy`) and the flow would be stuck.
 *
 * The check runs the engine's own rules on the graph alone, over every choice a gateway can
 * make (conditions are ignored: form data changes along the flow) and every order in which
 * tokens move: a token leaves its node along its flows; a join fires once no other token
 * can still reach it (engine/flow.ts settle). A state is the set of places tokens wait at.
 * Graphs are small DAGs, so the states are few; past `maxStates` the definition is refused
 * as too entangled to check rather than deployed unchecked.
 */
const maxStates = 20_000;
const maxAlternatives = 256;

export class ShapeError extends Error {}

type Tokens = string[];

/** Every set of waiting places a token arriving at a node can turn into. */
function arrivals(graph: ProcessGraph, nodeId: string): Tokens[] {
  const target = node(graph, nodeId);
  if (target.type === 'END') return [[]];
  if (target.type === 'START') throw new ShapeError(`${nodeId}: the start event has no way in`);
  if (isJoin(target) || target.type === 'USERTASK' || target.type === 'SIGNTASK') {
    return [[nodeId]];
  }
  if (target.type === 'TIMER') return [[nodeId]];
  return departures(graph, nodeId);
}

/** Every set of waiting places a token leaving a node can turn into. */
function departures(graph: ProcessGraph, nodeId: string): Tokens[] {
  const from = node(graph, nodeId);
  const each = (flowId: string) => arrivals(graph, flow(graph, flowId).target);
  const choices = flowChoices(graph, nodeId);
  const result: Tokens[] = [];
  for (const choice of choices) {
    let combined: Tokens[] = [[]];
    for (const flowId of choice) {
      combined = combined.flatMap((left) => each(flowId).map((right) => [...left, ...right]));
      if (combined.length > maxAlternatives) throw tooEntangled(from.id);
    }
    result.push(...combined);
  }
  return result;
}

/** The sets of flows a node may leave by: exclusive one, inclusive any, others all. */
function flowChoices(graph: ProcessGraph, nodeId: string): string[][] {
  const from = node(graph, nodeId);
  if (from.type === 'EXCLUSIVEGATEWAY') return from.outgoing.map((id) => [id]);
  if (from.type !== 'INCLUSIVEGATEWAY') return [from.outgoing];
  const optional = from.outgoing.filter((id) => id !== from.defaultFlow);
  if (optional.length > 8) throw tooEntangled(from.id);
  const subsets: string[][] = [];
  for (let mask = 1; mask < 1 << optional.length; mask++) {
    subsets.push(optional.filter((_, index) => (mask & (1 << index)) !== 0));
  }
  return from.defaultFlow ? [...subsets, [from.defaultFlow]] : subsets;
}

const tooEntangled = (id: string) =>
  new ShapeError(`${id}: too many parallel paths to check; split the flow into simpler parts`);

/** Adds tokens to a state; two on one task or timer is the shape this check refuses. */
function place(graph: ProcessGraph, state: Tokens, added: Tokens): Tokens {
  const next = [...state];
  for (const id of added) {
    if (next.includes(id)) {
      if (isJoin(node(graph, id))) continue; // arrivals at a join merge
      throw new ShapeError(
        `${id}: parallel branches can reach it at the same time; merge them with a parallel or inclusive gateway first`,
      );
    }
    next.push(id);
  }
  return next.sort();
}

/** Fires ready joins (every order), as settle does after each move. */
function settled(graph: ProcessGraph, state: Tokens): Tokens[] {
  const ready = state.filter(
    (id) =>
      isJoin(node(graph, id)) &&
      !state.some((other) => other !== id && (graph.reach.get(other)?.has(id) ?? false)),
  );
  if (ready.length === 0) return [state];
  return ready.flatMap((join) => {
    const rest = state.filter((id) => id !== join);
    return departures(graph, join).flatMap((added) => settled(graph, place(graph, rest, added)));
  });
}

/** Throws ShapeError with the reason when two tokens can meet on a task or timer. */
export function checkConcurrency(graph: ProcessGraph): void {
  const initial = departures(graph, graph.startId).flatMap((tokens) =>
    settled(graph, place(graph, [], tokens)),
  );
  const seen = new Set<string>();
  const queue = [...initial];
  while (queue.length > 0) {
    const state = queue.pop()!;
    const key = state.join('\n');
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > maxStates) throw tooEntangled(graph.processId);
    for (const [index, id] of state.entries()) {
      if (isJoin(node(graph, id))) continue;
      const rest = state.filter((_, other) => other !== index);
      for (const added of departures(graph, id)) {
        queue.push(...settled(graph, place(graph, rest, added)));
      }
    }
  }
}
