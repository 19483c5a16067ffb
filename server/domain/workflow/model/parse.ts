import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import { parseAssignees, type AssigneeSource } from './assignee';
import { buttonAliases, defaultButtons, type ButtonAlias } from './buttons';
import { ConditionSyntaxError, fieldsOf, parseCondition } from './condition';
import type { FormDefinition } from './form';
import {
  computeReach,
  findCycle,
  type FlowNode,
  type NodeType,
  type ProcessGraph,
  type SequenceFlow,
  type SignSettings,
  type TaskSettings,
} from './graph';

/** The namespace of our extension attributes (docs/workflow.md, "Extension attributes"). */
export const atriumNamespace = 'https://atrium.haiya.example/schema/bpmn';

const atriumPackage = {
  name: 'Atrium',
  uri: atriumNamespace,
  prefix: 'atrium',
  xml: { tagAlias: 'lowerCase' },
  types: [
    {
      name: 'ProcessProps',
      extends: ['bpmn:Process'],
      properties: ['subject', 'subjectEn', 'nameEn'].map((name) => ({
        name,
        isAttr: true,
        type: 'String',
      })),
    },
    {
      // The English name of a node or sequence flow (docs/workflow.md, "Names in the
      // reader's language").
      name: 'ElementProps',
      extends: ['bpmn:FlowElement'],
      properties: [{ name: 'nameEn', isAttr: true, type: 'String' }],
    },
    {
      name: 'TaskProps',
      extends: ['bpmn:UserTask'],
      properties: ['assignee', 'buttons', 'copyTo', 'editable', 'dueHours', 'onOppose'].map(
        (name) => ({ name, isAttr: true, type: 'String' }),
      ),
    },
    {
      name: 'SignProps',
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: ['voteType', 'voteAmount', 'decideType', 'onRefuse'].map((name) => ({
        name,
        isAttr: true,
        type: 'String',
      })),
    },
  ],
};

/** A definition that cannot be deployed, with the reason (in English: it is for designers). */
export class DefinitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DefinitionError';
  }
}

const fail = (message: string): never => {
  throw new DefinitionError(message);
};

const elementTypes: Record<string, NodeType> = {
  'bpmn:StartEvent': 'START',
  'bpmn:EndEvent': 'END',
  'bpmn:UserTask': 'USERTASK',
  'bpmn:ExclusiveGateway': 'EXCLUSIVEGATEWAY',
  'bpmn:ParallelGateway': 'PARALLELGATEWAY',
  'bpmn:InclusiveGateway': 'INCLUSIVEGATEWAY',
  'bpmn:IntermediateCatchEvent': 'TIMER',
};

const attr = (element: ModdleElement, name: string): string => {
  const value = element.get(`atrium:${name}`);
  return typeof value === 'string' ? value.trim() : '';
};

const foreignAttribute = /^unknown attribute <(?!atrium:)[\w.-]+:[\w.-]+>$/;

const list = (value: unknown): ModdleElement[] =>
  Array.isArray(value) ? (value as ModdleElement[]) : [];

/** ISO-8601 durations as the timer events use them: P2D, PT4H, PT30M, P1DT12H. */
export function parseDuration(text: string): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text.trim());
  if (!match || text.trim() === 'P' || text.trim().endsWith('T')) return null;
  const [, d = '0', h = '0', m = '0', s = '0'] = match;
  const ms = ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60_000 + Number(s) * 1000;
  return ms > 0 ? ms : null;
}

function assigneesOf(element: ModdleElement, name: string, form: FormDefinition) {
  const text = attr(element, name);
  const parsed = parseAssignees(text);
  if (typeof parsed === 'string') fail(`${element.id}: bad atrium:${name} entry "${parsed}"`);
  for (const source of parsed as AssigneeSource[]) {
    if (source.kind !== 'field') continue;
    const field = form.fields.find((candidate) => candidate.name === source.name);
    if (field?.type !== 'user')
      fail(`${element.id}: atrium:${name} field ${source.name} is not a user field`);
  }
  return parsed as AssigneeSource[];
}

function signSettings(loop: ModdleElement | undefined, id: string): SignSettings | null {
  if (!loop) return null;
  if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics')
    fail(`${id}: only multi-instance loops`);
  const voteType = attr(loop, 'voteType') || 'percent';
  const decideType = attr(loop, 'decideType') || 'agree';
  const onRefuse = attr(loop, 'onRefuse') || 'backToStart';
  const voteAmount = Number(attr(loop, 'voteAmount') || 100);
  if (voteType !== 'amount' && voteType !== 'percent') fail(`${id}: voteType amount|percent`);
  if (decideType !== 'agree' && decideType !== 'refuse') fail(`${id}: decideType agree|refuse`);
  if (onRefuse !== 'backToStart' && onRefuse !== 'end') fail(`${id}: onRefuse backToStart|end`);
  if (!Number.isInteger(voteAmount) || voteAmount < 1) fail(`${id}: voteAmount must be >= 1`);
  if (voteType === 'percent' && voteAmount > 100) fail(`${id}: a percent is at most 100`);
  return {
    sequential: loop.isSequential === true,
    voteType: voteType as SignSettings['voteType'],
    voteAmount,
    decideType: decideType as SignSettings['decideType'],
    onRefuse: onRefuse as SignSettings['onRefuse'],
  };
}

function taskSettings(element: ModdleElement, form: FormDefinition): TaskSettings {
  const id = element.id!;
  const assignees = assigneesOf(element, 'assignee', form);
  if (assignees.length === 0) fail(`${id}: atrium:assignee is required`);
  const sign = signSettings(element.loopCharacteristics as ModdleElement | undefined, id);
  const buttonText = attr(element, 'buttons');
  const buttons = buttonText
    ? buttonText.split(',').map((alias) => alias.trim())
    : defaultButtons[sign ? 'SIGNTASK' : 'USERTASK'];
  const unknown = buttons.find((alias) => !(buttonAliases as readonly string[]).includes(alias));
  if (unknown) fail(`${id}: unknown button ${unknown}`);
  const editableText = attr(element, 'editable');
  const editable =
    editableText === '*'
      ? '*'
      : editableText
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
  const missing =
    editable === '*'
      ? undefined
      : editable.find((name) => !form.fields.some((f) => f.name === name));
  if (missing) fail(`${id}: atrium:editable names unknown field ${missing}`);
  const onOppose = attr(element, 'onOppose') || 'end';
  if (onOppose !== 'end' && onOppose !== 'backToStart') fail(`${id}: onOppose end|backToStart`);
  if (sign && attr(element, 'onOppose')) fail(`${id}: a countersign decides by its onRefuse`);
  const dueText = attr(element, 'dueHours');
  const dueHours = dueText ? Number(dueText) : null;
  if (dueHours !== null && !(dueHours > 0))
    fail(`${id}: atrium:dueHours must be a positive number`);
  return {
    assignees,
    buttons: buttons as ButtonAlias[],
    copyTo: assigneesOf(element, 'copyTo', form),
    editable,
    dueHours,
    sign,
    onOppose: onOppose as TaskSettings['onOppose'],
  };
}

function timerOf(element: ModdleElement): number {
  const definitions = list(element.eventDefinitions);
  const timer = definitions[0];
  if (definitions.length !== 1 || timer?.$type !== 'bpmn:TimerEventDefinition') {
    return fail(`${element.id}: only timer catch events are supported`);
  }
  const duration = (timer.timeDuration as ModdleElement | undefined)?.body;
  const ms = typeof duration === 'string' ? parseDuration(duration) : null;
  return ms ?? fail(`${element.id}: the timer needs a timeDuration such as PT2H`);
}

function toNode(element: ModdleElement, form: FormDefinition): FlowNode {
  const type =
    elementTypes[element.$type] ?? fail(`unsupported element ${element.$type} (${element.id})`);
  if ((type === 'START' || type === 'END') && list(element.eventDefinitions).length > 0) {
    fail(`${element.id}: start and end events take no event definitions`);
  }
  const task = type === 'USERTASK' ? taskSettings(element, form) : null;
  return {
    id: element.id!,
    name: element.name?.trim() || element.id!,
    nameEn: attr(element, 'nameEn'),
    type: task?.sign ? 'SIGNTASK' : type,
    incoming: [],
    outgoing: [],
    defaultFlow: (element.default as ModdleElement | undefined)?.id ?? null,
    task,
    timerMs: type === 'TIMER' ? timerOf(element) : null,
  };
}

function toFlow(element: ModdleElement, form: FormDefinition): SequenceFlow {
  const source = (element.sourceRef as ModdleElement | undefined)?.id;
  const target = (element.targetRef as ModdleElement | undefined)?.id;
  if (!source || !target) fail(`${element.id}: a sequence flow needs a source and a target`);
  const body = (element.conditionExpression as ModdleElement | undefined)?.body;
  const conditionText = typeof body === 'string' ? body.trim() : '';
  let condition = null;
  if (conditionText) {
    try {
      condition = parseCondition(conditionText);
    } catch (error) {
      if (error instanceof ConditionSyntaxError) fail(`${element.id}: condition ${error.message}`);
      throw error;
    }
    const unknown = fieldsOf(condition).find((name) => !form.fields.some((f) => f.name === name));
    if (unknown) fail(`${element.id}: condition reads unknown field ${unknown}`);
  }
  return {
    id: element.id!,
    name: element.name ?? '',
    nameEn: attr(element, 'nameEn'),
    source: source!,
    target: target!,
    condition,
    conditionText,
  };
}

function checkShape(node: FlowNode, flows: Map<string, SequenceFlow>) {
  const { id, type, incoming, outgoing } = node;
  if (type === 'START' && (incoming.length > 0 || outgoing.length !== 1))
    fail(`${id}: a start event has one outgoing flow and none incoming`);
  if (type === 'END' && (outgoing.length > 0 || incoming.length === 0))
    fail(`${id}: an end event has incoming flows only`);
  if (
    ['USERTASK', 'SIGNTASK', 'TIMER'].includes(type) &&
    (incoming.length === 0 || outgoing.length !== 1)
  ) {
    fail(`${id}: a task or timer has one outgoing flow and at least one incoming`);
  }
  if (type.endsWith('GATEWAY') && (incoming.length === 0 || outgoing.length === 0))
    fail(`${id}: a gateway needs incoming and outgoing flows`);
  const conditional = type === 'EXCLUSIVEGATEWAY' || type === 'INCLUSIVEGATEWAY';
  for (const flowId of outgoing) {
    if (flows.get(flowId)!.condition && !conditional)
      fail(`${flowId}: only flows leaving exclusive or inclusive gateways take conditions`);
  }
  if (node.defaultFlow && !outgoing.includes(node.defaultFlow))
    fail(`${id}: the default flow must leave the gateway`);
}

function link(nodes: Map<string, FlowNode>, flows: Map<string, SequenceFlow>) {
  for (const sequence of flows.values()) {
    const source = nodes.get(sequence.source) ?? fail(`${sequence.id}: unknown source`);
    const target = nodes.get(sequence.target) ?? fail(`${sequence.id}: unknown target`);
    source.outgoing.push(sequence.id);
    target.incoming.push(sequence.id);
  }
}

function checkGraph(graph: ProcessGraph) {
  const fromStart = graph.reach.get(graph.startId)!;
  for (const node of graph.nodes.values()) {
    if (node.id !== graph.startId && !fromStart.has(node.id))
      fail(`${node.id}: not reachable from the start`);
    const reachesEnd =
      node.type === 'END' ||
      [...graph.reach.get(node.id)!].some((id) => graph.nodes.get(id)!.type === 'END');
    if (!reachesEnd) fail(`${node.id}: no path to an end event`);
  }
}

/**
 * Parses BPMN 2.0 XML with bpmn-moddle into the graph the engine walks, and checks everything
 * the engine relies on: supported elements only, one start, shapes of nodes, conditions that
 * parse and read existing fields, assignees, buttons, no cycles (returns are actions, not
 * flows), every node reachable and able to finish.
 */
export async function parseDefinition(xml: string, form: FormDefinition): Promise<ProcessGraph> {
  let root: ModdleElement;
  try {
    const result = await new BpmnModdle({ atrium: atriumPackage }).fromXML(xml);
    // Other tools' attributes (colours, modeler settings) are fine; a misspelt atrium:
    // attribute or a broken reference is not.
    const problem = result.warnings.find((warning) => !foreignAttribute.test(warning.message));
    if (problem) fail(problem.message);
    root = result.rootElement;
  } catch (error) {
    if (error instanceof DefinitionError) throw error;
    return fail(`not BPMN 2.0 XML: ${(error as Error).message}`);
  }
  const processes = list(root.rootElements).filter((element) => element.$type === 'bpmn:Process');
  if (processes.length !== 1) fail('the XML must hold exactly one process');
  const process = processes[0]!;
  const nodes = new Map<string, FlowNode>();
  const flows = new Map<string, SequenceFlow>();
  for (const element of list(process.flowElements)) {
    if (element.$type === 'bpmn:SequenceFlow') flows.set(element.id!, toFlow(element, form));
    else nodes.set(element.id!, toNode(element, form));
  }
  link(nodes, flows);
  for (const node of nodes.values()) checkShape(node, flows);
  const starts = [...nodes.values()].filter((node) => node.type === 'START');
  if (starts.length !== 1) fail('a process has exactly one start event');
  const cycle = findCycle(nodes, flows);
  if (cycle) fail(`${cycle}: the flow loops back; model returns with the reject actions instead`);
  const graph: ProcessGraph = {
    processId: process.id!,
    name: process.name ?? process.id!,
    nameEn: attr(process, 'nameEn'),
    subjectTemplate: attr(process, 'subject'),
    subjectTemplateEn: attr(process, 'subjectEn'),
    startId: starts[0]!.id,
    nodes,
    flows,
    reach: computeReach(nodes, flows),
  };
  checkGraph(graph);
  return graph;
}
