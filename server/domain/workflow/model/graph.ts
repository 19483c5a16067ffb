import type { AssigneeSource } from './assignee';
import type { ButtonAlias } from './buttons';
import type { Condition } from './condition';

export type NodeType =
  | 'START'
  | 'END'
  | 'USERTASK'
  | 'SIGNTASK'
  | 'EXCLUSIVEGATEWAY'
  | 'PARALLELGATEWAY'
  | 'INCLUSIVEGATEWAY'
  | 'TIMER';

/** Countersign settings of a SIGNTASK (a user task with multi-instance). */
export interface SignSettings {
  sequential: boolean;
  voteType: 'amount' | 'percent';
  voteAmount: number;
  decideType: 'agree' | 'refuse';
  /** What a refused countersign does to the instance. */
  onRefuse: 'backToStart' | 'end';
}

export interface TaskSettings {
  assignees: AssigneeSource[];
  buttons: ButtonAlias[];
  copyTo: AssigneeSource[];
  /** Form fields an approver may change here; '*' for all. */
  editable: string[] | '*';
  dueHours: number | null;
  sign: SignSettings | null;
  /**
   * What 反对 (oppose) does on a user node: the request ends as refused (`end`, the default,
   * as a 拒绝 in Chinese approval apps) or goes back to the applicant (`backToStart`). A
   * countersign decides by its vote and its own onRefuse.
   */
  onOppose: 'end' | 'backToStart';
}

export interface FlowNode {
  id: string;
  name: string;
  /** atrium:nameEn; '' when none. */
  nameEn: string;
  type: NodeType;
  incoming: string[];
  outgoing: string[];
  /** The default flow of an exclusive or inclusive gateway. */
  defaultFlow: string | null;
  task: TaskSettings | null;
  timerMs: number | null;
}

export interface SequenceFlow {
  id: string;
  name: string;
  /** atrium:nameEn; '' when none. */
  nameEn: string;
  source: string;
  target: string;
  condition: Condition | null;
  conditionText: string;
}

export interface ProcessGraph {
  processId: string;
  name: string;
  /** The process's atrium:nameEn; '' when none. */
  nameEn: string;
  /** Subject template: {field} and {starter} are replaced. */
  subjectTemplate: string;
  /** The process's atrium:subjectEn, the subject for readers of English; '' when none. */
  subjectTemplateEn: string;
  startId: string;
  nodes: Map<string, FlowNode>;
  flows: Map<string, SequenceFlow>;
  /** Every node reachable from a node (itself excluded); definitions are acyclic. */
  reach: Map<string, Set<string>>;
}

export function node(graph: ProcessGraph, id: string): FlowNode {
  const found = graph.nodes.get(id);
  if (!found) throw new Error(`node ${id} is not in process ${graph.processId}`);
  return found;
}

export function flow(graph: ProcessGraph, id: string): SequenceFlow {
  const found = graph.flows.get(id);
  if (!found) throw new Error(`flow ${id} is not in process ${graph.processId}`);
  return found;
}

export function canReach(graph: ProcessGraph, from: string, to: string): boolean {
  return graph.reach.get(from)?.has(to) ?? false;
}

/** Joins wait; exclusive gateways merge without waiting. */
export function isJoin(target: FlowNode): boolean {
  return (
    target.incoming.length > 1 &&
    (target.type === 'PARALLELGATEWAY' || target.type === 'INCLUSIVEGATEWAY')
  );
}

/** Descendants of every node, computed once per definition (graphs are small DAGs). */
export function computeReach(
  nodes: Map<string, FlowNode>,
  flows: Map<string, SequenceFlow>,
): Map<string, Set<string>> {
  const reach = new Map<string, Set<string>>();
  const visit = (id: string): Set<string> => {
    const known = reach.get(id);
    if (known) return known;
    const result = new Set<string>();
    for (const flowId of nodes.get(id)?.outgoing ?? []) {
      const target = flows.get(flowId)!.target;
      result.add(target);
      for (const next of visit(target)) result.add(next);
    }
    reach.set(id, result);
    return result;
  };
  for (const id of nodes.keys()) visit(id);
  return reach;
}

/** A cycle's node ids, or null; checked before computeReach, which needs a DAG. */
export function findCycle(
  nodes: Map<string, FlowNode>,
  flows: Map<string, SequenceFlow>,
): string | null {
  const state = new Map<string, 'open' | 'closed'>();
  const visit = (id: string): string | null => {
    if (state.get(id) === 'closed') return null;
    if (state.get(id) === 'open') return id;
    state.set(id, 'open');
    for (const flowId of nodes.get(id)?.outgoing ?? []) {
      const found = visit(flows.get(flowId)!.target);
      if (found) return found;
    }
    state.set(id, 'closed');
    return null;
  };
  for (const id of nodes.keys()) {
    const found = visit(id);
    if (found) return found;
  }
  return null;
}
