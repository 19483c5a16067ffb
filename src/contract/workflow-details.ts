import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { defineCalls } from './call';
import { id, optionalText } from './fields';
import { nodeChoice } from './workflow-fields';

/**
 * What the task and instance pages read (runtime service; docs/workflow.md): a task with its
 * instance and form, an instance, its history, its chart, its nodes and the home counters.
 * The answers that hold the flow's form are made for a form type, as the flows' calls are
 * (src/contract/workflow-flows.ts says why).
 */
const task = '/runtime/task/v1';
const instance = '/runtime/instance/v1';

const text = Type.String();
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const formData = Type.Record(Type.String(), Type.Unknown());

/** One of the people a step waits on, or who already voted on it. */
const pendingPerson = Type.Object({
  id: text,
  name: text,
  /** Whose task it is when someone else holds it (an agent's or a delegate's principal). */
  forName: nullable(text),
  /**
   * todo: must act now; later: a sequential voter not yet on turn; voted: has voted;
   * waiting: the holder waits for those they asked (a transfer, a custom sign).
   */
  state: Type.Union([
    Type.Literal('todo'),
    Type.Literal('later'),
    Type.Literal('voted'),
    Type.Literal('waiting'),
  ]),
  vote: nullable(text),
});

export type PendingPerson = Static<typeof pendingPerson>;

/** A step the request waits on, with the people who must act now (docs/workflow.md). */
const pendingStep = Type.Object({
  nodeId: text,
  nodeName: text,
  kind: Type.Union([
    Type.Literal('task'),
    Type.Literal('shared'),
    Type.Literal('countersign'),
    Type.Literal('start'),
  ]),
  people: Type.Array(pendingPerson),
  /** Those the holder asked: add-signs, inquiries, communications, transfers, custom signs. */
  asked: Type.Array(Type.Object({ ...pendingPerson.properties, kind: text })),
  tally: Type.Optional(
    Type.Object({
      agree: Type.Integer(),
      refuse: Type.Integer(),
      pending: Type.Integer(),
      total: Type.Integer(),
      needed: Type.Integer(),
    }),
  ),
});

export type PendingStep = Static<typeof pendingStep>;

/** An instance's own fields (DefaultBpmProcessInstance), names in the reader's language. */
const instanceFields = {
  id: text,
  subject: text,
  procDefId: text,
  procDefKey: text,
  procDefName: text,
  bizKey: text,
  status: text,
  /** How an ended instance came out: agree (approved) or refuse; null while running. */
  resultType: nullable(text),
  creator: text,
  starterId: text,
  /** The applicant (the leader a secretary started it for, else the starter). */
  createBy: text,
  createTime: text,
  updateTime: text,
  /** '' while running. */
  endTime: text,
  /** Milliseconds from the start to the end, or to now while running. */
  duration: Type.Number(),
  typeId: text,
  urgentState: text,
  createOrgId: nullable(text),
  createOrgName: nullable(text),
  /** The open nodes' names, comma-separated; null when none. */
  currentNodes: nullable(text),
  /** The names of the people who must act now, joined with 、; null when none. */
  pendingPeople: nullable(text),
};

const instanceRow = Type.Object(instanceFields);

/** An instance's own fields, as its SQL row gives them (times formatted). */
export type InstanceFields = Static<typeof instanceRow>;

const openTask = Type.Object({
  taskId: text,
  nodeId: text,
  name: text,
  status: text,
  assigneeName: nullable(text),
});

/** Why a task came back to its holder, for the banner over the form. */
const returnReason = Type.Object({
  name: text,
  nodeName: text,
  action: text,
  opinion: text,
  time: text,
});

export type ReturnReason = Static<typeof returnReason>;

const taskFields = Type.Object({
  id: text,
  taskId: text,
  name: text,
  nodeId: text,
  nodeType: text,
  kind: text,
  status: text,
  state: text,
  procInstId: text,
  subject: text,
  assigneeId: nullable(text),
  ownerId: nullable(text),
  parentId: nullable(text),
  lockedBy: nullable(text),
  createTime: text,
  /** '' when the task has no due time. */
  dueTime: text,
  dueStatus: Type.Integer(),
  /** What 反对 does here: ends the request, sends it back to the applicant, or is a vote. */
  opposeOutcome: Type.Union([
    Type.Literal('end'),
    Type.Literal('backToStart'),
    Type.Literal('vote'),
  ]),
});

/** One action in the instance's history (instanceFlowOpinions). */
const opinionRecord = Type.Object({
  id: text,
  taskId: text,
  taskKey: text,
  taskName: text,
  status: text,
  statusName: text,
  opinion: text,
  /** JSON text of [{id, name, size}]. */
  files: text,
  zfiles: text,
  auditor: text,
  auditorName: text,
  operatorId: text,
  operatorName: text,
  /** The people the action named ("陈伟 加签 孙丽"), joined with 、 ('' if none). */
  targetNames: text,
  /** Whom a secretary acted as, when neither the operator nor the auditor ('' if none). */
  actingAs: text,
  actingAsName: text,
  /** A formChange record's detail is `{ fields: FieldChange[] }`. */
  detail: formData,
  createTime: text,
  completeTime: text,
});

export type OpinionRecord = Static<typeof opinionRecord>;

/** An opinion at a node of the chart. */
const nodeOpinion = Type.Object({
  auditorName: text,
  /** Who pressed the button (an agent, a secretary, a delegate). */
  operatorName: text,
  status: text,
  /** The action named in the reader's language. */
  statusName: text,
  opinion: text,
  createTime: text,
});

const flowImage = Type.Object({
  defId: text,
  defKey: text,
  bpmnXml: text,
  /**
   * Names of nodes and sequence flows in the reader's language where they differ from the
   * XML's, by element id (empty for Chinese readers and for flows without English).
   */
  names: Type.Record(Type.String(), Type.String()),
  /** Absent for a definition's chart (no instance). */
  instStatus: Type.Optional(text),
  doneNodes: Type.Array(text),
  doneFlows: Type.Array(text),
  currentNodes: Type.Array(text),
  /** Who must act now at the current nodes (an instance's chart only). */
  pending: Type.Optional(Type.Array(pendingStep)),
  opinions: Type.Record(Type.String(), Type.Array(nodeOpinion)),
});

export type FlowImage = Static<typeof flowImage>;

/** A node of a definition, with its countersign settings on a countersign. */
const nodeDef = Type.Object({
  ...nodeChoice.properties,
  sign: Type.Optional(
    Type.Object({
      sequential: Type.Boolean(),
      voteType: Type.Union([Type.Literal('amount'), Type.Literal('percent')]),
      voteAmount: Type.Number(),
      decideType: Type.Union([Type.Literal('agree'), Type.Literal('refuse')]),
      onRefuse: Type.Union([Type.Literal('backToStart'), Type.Literal('end')]),
    }),
  ),
});

/** One box of the home counters. */
const infoBox = Type.Object({
  icon: text,
  color: text,
  dataText: text,
  dataContent: text,
  type: text,
  data: Type.Integer(),
  statType: text,
  statData: text,
  statStatus: text,
  url: text,
});

export type InfoBox = Static<typeof infoBox>;

const infoMap = Type.Object({
  myTaks: infoBox,
  myAlready: infoBox,
  myAccordingMatters: infoBox,
  myRequest: infoBox,
  myNotice: infoBox,
  myDraft: infoBox,
  myLeaderTodo: infoBox,
  myEmail: infoBox,
  userId: text,
  fullname: text,
});

export type InfoMap = Static<typeof infoMap>;

/** The instance with its form, data, open tasks and who must act now. */
const instanceOf = <Form extends TSchema>(form: Form) =>
  Type.Object({
    ...instanceRow.properties,
    form,
    data: formData,
    currentTasks: Type.Array(openTask),
    /** The caller's own open task in the instance, if any. */
    myTaskId: nullable(text),
    pending: Type.Array(pendingStep),
  });

export const detailCallsOf = <Form extends TSchema>(form: Form) => {
  const instanceInfo = instanceOf(form);
  return defineCalls({
    task: {
      method: 'GET',
      path: `${task}/get`,
      schema: {
        summary: 'A task with its instance, form, data and editable fields',
        querystring: Type.Object({ id, leaderId: optionalText(64) }),
        response: {
          200: Type.Object({
            task: taskFields,
            instance: instanceInfo,
            form,
            data: formData,
            /** The fields this node may change: '*' for all (the start node). */
            editable: Type.Union([Type.Literal('*'), Type.Array(text)]),
            /** Set when the task came back to its holder: who sent it back, when, and why. */
            returnedBy: nullable(returnReason),
            /** Where 驳回 and 驳回发起人 send the flow, and to whom. */
            returnsTo: Type.Object({
              previous: Type.Object({ nodeId: text, nodeName: text, name: text }),
              applicant: text,
            }),
          }),
        },
      },
    },
    instance: {
      method: 'GET',
      path: `${instance}/getInstanceByInstId`,
      schema: {
        summary: 'The instance with its form, data and open tasks',
        querystring: Type.Object({ instId: id }),
        response: { 200: instanceInfo },
      },
    },
    opinions: {
      method: 'GET',
      path: `${instance}/instanceFlowOpinions`,
      schema: {
        summary: 'Every action on the instance with its opinion and files (JSON strings)',
        querystring: Type.Object({ instId: id }),
        response: { 200: Type.Array(opinionRecord) },
      },
    },
    image: {
      method: 'GET',
      path: `${instance}/getBpmImage`,
      schema: {
        summary: "Same as instanceFlowImage; with defId only, the definition's XML",
        querystring: Type.Object({
          proInstId: optionalText(64),
          instId: optionalText(64),
          defId: optionalText(64),
          nodeId: optionalText(64),
          type: optionalText(16),
        }),
        response: { 200: flowImage },
      },
    },
    nodeDefs: {
      method: 'GET',
      path: `${instance}/getNodeDefs`,
      schema: {
        summary: "The nodes of a definition or an instance's definition",
        querystring: Type.Object({ defId: optionalText(64), instId: optionalText(64) }),
        response: { 200: Type.Array(nodeDef) },
      },
    },
    infoMap: {
      method: 'GET',
      path: `${instance}/getDefaultInfoMap`,
      schema: {
        summary:
          'Home counters: myTaks, myAlready, myAccordingMatters, myRequest, myNotice, myDraft, myLeaderTodo, myEmail',
        response: { 200: infoMap },
      },
    },
  });
};

/** The detail calls for a form type, as a side names it (types only in the browser). */
export type DetailCallsFor<Form> = ReturnType<typeof detailCallsOf<TUnsafe<Form>>>;
