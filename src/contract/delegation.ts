import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { pageList, stateAnswer } from './envelope';
import { id, idsQuery, optionalText, unreadBody } from './fields';

/**
 * Agents and deputies (server/services/bpm-model/people.ts): the people a user hands work to.
 * An agent rule (委托) sends the owner's new tasks, in all flows or the listed ones, to the
 * agent while it is enabled and inside its period; a deputy gets a copy of each task arriving
 * for the user. (Secretaries are the runtime service's, /runtime/bpmSecretaryManage/v1.)
 */
const agentBase = '/flow/agent/v1';
const deputyBase = '/bpmModel/bpmDeputy/v1';

/** Flow keys: comma-separated, or a list. */
const keysBody = Type.Optional(
  Type.Union([
    Type.String({ maxLength: 5000 }),
    Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }),
  ]),
);

export const agentRule = Type.Object({
  id: Type.String(),
  agentId: Type.String(),
  /** The agent's name, as `agentName` (the platform's older name for it, kept). */
  agent: Type.String(),
  agentName: Type.String(),
  /** 1: all flows, 2: the listed ones (defKeys). */
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  /** The listed flows' keys, comma-separated ('' for all flows). */
  defKeys: Type.String(),
  /** The listed flows' names in the reader's language, comma-separated ('' for all flows). */
  authNames: Type.String(),
  /** "yyyy-MM-dd HH:mm:ss" in the business time zone. */
  startDate: Type.String(),
  endDate: Type.String(),
  isEnabled: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
  note: Type.String(),
  createTime: Type.String(),
});

export type AgentRule = Static<typeof agentRule>;

export const agentCalls = defineCalls({
  list: {
    method: 'POST',
    path: `${agentBase}/listJson`,
    schema: {
      summary: "The caller's agent rules",
      body: unreadBody,
      response: { 200: pageList(agentRule) },
    },
  },
  get: {
    method: 'GET',
    path: `${agentBase}/agentGet`,
    schema: {
      summary: "One of the caller's agent rules",
      querystring: Type.Object({ id }),
      response: { 200: agentRule },
    },
  },
  save: {
    method: 'POST',
    path: `${agentBase}/save`,
    schema: {
      summary:
        'Adds or changes an agent rule (type 1 all flows, 2 the listed defKeys); overlapping enabled rules are refused',
      body: Type.Object({
        id: optionalText(64),
        agentId: id,
        startDate: Type.String({ maxLength: 19 }),
        endDate: Type.String({ maxLength: 19 }),
        isEnabled: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 10 })])),
        type: Type.Optional(
          Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal('1'), Type.Literal('2')]),
        ),
        defKeys: keysBody,
        note: optionalText(500),
      }),
      response: { 200: stateAnswer },
    },
  },
  remove: {
    method: 'DELETE',
    path: `${agentBase}/remove`,
    schema: {
      summary: "Removes the caller's agent rules",
      querystring: idsQuery,
      response: { 200: stateAnswer },
    },
  },
});

export const deputy = Type.Object({
  id: Type.String(),
  /** The deputy (named agent, as the platform does). */
  agentId: Type.String(),
  agentName: Type.String(),
  createTime: Type.String(),
});

export type Deputy = Static<typeof deputy>;

export const deputyCalls = defineCalls({
  forUser: {
    method: 'GET',
    path: `${deputyBase}/getByUserId`,
    schema: {
      summary: "The caller's deputies",
      // userId is accepted for the platform's clients and not read: always the caller's.
      querystring: Type.Object({ userId: optionalText(64) }),
      response: { 200: Type.Array(deputy) },
    },
  },
  list: {
    method: 'POST',
    path: `${deputyBase}/list`,
    schema: {
      summary: "The caller's deputies as a page list",
      body: unreadBody,
      response: { 200: pageList(deputy) },
    },
  },
  save: {
    method: 'POST',
    path: `${deputyBase}/save`,
    schema: {
      summary: 'Adds a deputy for the caller',
      body: Type.Object({ agentId: id }),
      response: { 200: stateAnswer },
    },
  },
  remove: {
    method: 'DELETE',
    path: `${deputyBase}/removes`,
    schema: {
      summary: "Removes the caller's deputies",
      querystring: idsQuery,
      response: { 200: stateAnswer },
    },
  },
});

const secretaryBase = '/runtime/bpmSecretaryManage/v1';

/** A leader's secretary, who may act for them in all flows or the listed ones. */
export const secretary = Type.Object({
  id: Type.String(),
  leaderId: Type.String(),
  leaderName: Type.String(),
  secretaryId: Type.String(),
  secretaryName: Type.String(),
  /** The flows' keys, comma-separated ('' for all flows). */
  defKeys: Type.String(),
  createTime: Type.String(),
});

export type Secretary = Static<typeof secretary>;

export const secretaryCalls = defineCalls({
  leadersServed: {
    method: 'GET',
    path: `${secretaryBase}/getSecretaryByUserId`,
    schema: {
      summary: 'The leaders the caller is secretary of',
      response: { 200: Type.Array(secretary) },
    },
  },
  list: {
    method: 'POST',
    path: `${secretaryBase}/list`,
    schema: {
      summary: "The caller's secretaries (as a leader)",
      querystring: Type.Object({ personal: Type.Optional(Type.Boolean()) }),
      body: unreadBody,
      response: { 200: pageList(secretary) },
    },
  },
  get: {
    method: 'GET',
    path: `${secretaryBase}/get/:id`,
    schema: {
      summary: "One of the caller's secretary settings",
      params: Type.Object({ id }),
      response: { 200: secretary },
    },
  },
  save: {
    method: 'POST',
    path: `${secretaryBase}/save`,
    schema: {
      summary: 'The caller (a leader) names a secretary, for all flows or some (defKeys)',
      body: Type.Object({
        id: optionalText(64),
        secretaryId: id,
        defKeys: Type.Optional(
          Type.Union([
            Type.String({ maxLength: 2000 }),
            Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }),
          ]),
        ),
      }),
      response: { 200: stateAnswer },
    },
  },
  remove: {
    method: 'DELETE',
    path: `${secretaryBase}/removes`,
    schema: {
      summary: "Removes the caller's secretary settings (ids comma-separated)",
      querystring: idsQuery,
      response: { 200: stateAnswer },
    },
  },
});
