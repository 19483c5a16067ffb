import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { defineCalls } from './call';
import { commonResult, pageList, queryFilter, stateAnswer } from './envelope';
import { id } from './fields';

/**
 * Flows (docs/workflow.md): the definitions of the model service, the flows a user may start
 * (the runtime service's list by category and the user's favourites) and the categories.
 */
const def = '/flow/def/v1';
const instance = '/runtime/instance/v1';

/**
 * A flow's form, answered as it is (no type: JSON.stringify, no schema walk). Its shape is
 * the form module's, not the contract's: an online form's definition is the forms' own, which
 * the contract cannot name (it imports TypeBox only). So the calls that answer a form are
 * made for a form type: the server's FormDefinition, the browser's FlowForm
 * (`ReturnType<typeof flowCallsOf<TUnsafe<FlowForm>>>`, types only).
 */
export const formSchema = <Form>() =>
  Type.Unsafe<Form>({
    description: "The flow's form: fields with rule strings, or an online or URL form",
  });

/** A leader a secretary may start the flow for. */
const leader = Type.Object({ id: Type.String(), name: Type.String() });

/** A flow the caller may start (its main version), as the runtime service lists it. */
export const startableFlow = Type.Object({
  /** The caller may start it themself; else only for a leader they serve. */
  canStart: Type.Boolean(),
  id: Type.String(),
  defKey: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  typeId: Type.String(),
  typeName: Type.String(),
  icon: Type.String(),
  desc: Type.String(),
  createTime: Type.String(),
  /** The category's place, the list's first sort key. */
  typeSort: Type.Integer(),
  leaders: Type.Array(leader),
});

export type StartableFlow = Static<typeof startableFlow>;

const favouriteFlow = Type.Object({
  ...startableFlow.properties,
  isAdd: Type.Literal(true),
  /** Pinned: listed first. */
  isTop: Type.Boolean(),
});

export type FavouriteFlow = Static<typeof favouriteFlow>;

const categoryFields = {
  id: Type.String(),
  name: Type.String(),
  code: Type.String(),
  icon: Type.String(),
  sn: Type.Integer(),
};

const flowCategory = Type.Object({ ...categoryFields, flowList: Type.Array(startableFlow) });

export type FlowCategory = Static<typeof flowCategory>;

/** A definition version as the model service describes it (names in the reader's language). */
const definitionOf = <Form extends TSchema>(form: Form) =>
  Type.Object({
    id: Type.String(),
    defKey: Type.String(),
    name: Type.String(),
    version: Type.Integer(),
    /** 'Y' for the main version. */
    isMain: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
    typeId: Type.String(),
    icon: Type.String(),
    desc: Type.String(),
    status: Type.String(),
    createTime: Type.String(),
    bpmnXml: Type.String(),
    form,
  });

/** A definition's fields without its XML and form: what a flow is, whatever its form's type. */
export type DefinitionFields = Omit<Static<ReturnType<typeof definitionOf>>, 'bpmnXml' | 'form'>;

export const flowCallsOf = <Form extends TSchema>(form: Form) => {
  const definition = definitionOf(form);
  return defineCalls({
    startRights: {
      method: 'GET',
      path: `${def}/flowHasStartRights`,
      schema: {
        summary: 'May the caller start this flow? value true or false (the admin always may)',
        querystring: Type.Object({ defKey: id }),
        response: { 200: commonResult(Type.Boolean()) },
      },
    },
    byKey: {
      method: 'GET',
      path: `${def}/getJson`,
      schema: {
        summary:
          'The main version of a flow with its form (bpmnXml left empty, as the platform answers)',
        querystring: Type.Object({ defKey: id }),
        response: {
          200: Type.Object({
            ...definition.properties,
            subjectTemplate: Type.String(),
            subjectTemplateEn: Type.String(),
          }),
        },
      },
    },
    byId: {
      method: 'GET',
      path: `${def}/defGet`,
      schema: {
        summary: 'One definition version, with its BPMN XML and form',
        querystring: Type.Object({ id }),
        response: { 200: definition },
      },
    },
    categories: {
      method: 'GET',
      path: '/flow/type/v1/tree',
      schema: {
        summary: 'Flow categories (the flow type tree, one level)',
        response: {
          200: Type.Array(Type.Object({ ...categoryFields, parentId: Type.Literal('0') })),
        },
      },
    },
    saveFavourites: {
      method: 'POST',
      path: '/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow',
      schema: {
        summary: "Replaces the caller's favourite flows (at most 11: 最多可添加11个常用流程)",
        body: Type.Union([
          Type.Array(
            Type.Object({
              defKey: id,
              name: Type.Optional(Type.String({ maxLength: 200 })),
              isAdd: Type.Optional(Type.Unknown()),
            }),
            { maxItems: 200 },
          ),
          Type.Object({
            defKeys: Type.Union([
              Type.String({ maxLength: 5000 }),
              Type.Array(id, { maxItems: 200 }),
            ]),
          }),
        ]),
        response: { 200: stateAnswer },
      },
    },
    byCategory: {
      method: 'POST',
      path: `${instance}/getHasAuthFlowList`,
      schema: {
        summary: 'Startable flows grouped by category: [{id, name, icon, flowList}]',
        body: Type.Optional(queryFilter),
        response: { 200: Type.Array(flowCategory) },
      },
    },
    favourites: {
      method: 'GET',
      path: `${instance}/getMyOftenFlow`,
      schema: {
        summary:
          "The caller's favourite flows (main versions), with the leaders they may start each for",
        response: { 200: pageList(favouriteFlow) },
      },
    },
  });
};

/** The flows' calls for a form type, as a side names it (types only in the browser). */
export type FlowCallsFor<Form> = ReturnType<typeof flowCallsOf<TUnsafe<Form>>>;
