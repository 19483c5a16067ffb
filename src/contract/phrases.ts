import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { okMessage, pageList, stateAnswer } from './envelope';
import { id, idsQuery, optionalText, unreadBody } from './fields';

/**
 * Approval phrases (常用语): the system's (kept by the administrator) and each user's own,
 * either tied to one flow or offered in all.
 */
const base = '/flow/approvalItem/v1';

export const phrase = Type.Object({
  id: Type.String(),
  expression: Type.String(),
  /** 1: a system phrase (the administrator's), 2: the user's own. */
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  /** The flow it is offered in; '' for every flow. */
  defKey: Type.String(),
  /** The flow's name in the reader's language (the list only; its key when it has none). */
  defName: Type.Optional(Type.String()),
  sn: Type.Integer(),
  createTime: Type.String(),
});

export type Phrase = Static<typeof phrase>;

export const phraseCalls = defineCalls({
  forFlow: {
    method: 'GET',
    path: `${base}/getApprovalByDefKeyAndTypeId`,
    schema: {
      summary:
        "The phrases offered in the opinion box of a flow: the caller's, then the system ones",
      querystring: Type.Object({ defKey: optionalText(64), typeId: optionalText(64) }),
      response: { 200: Type.Array(Type.String()) },
    },
  },
  list: {
    method: 'POST',
    path: `${base}/listJson`,
    schema: {
      summary: "The caller's and the system phrases (type 1 system, 2 personal)",
      body: unreadBody,
      response: { 200: pageList(phrase) },
    },
  },
  get: {
    method: 'GET',
    path: `${base}/approvalItemGet`,
    schema: {
      summary: 'One phrase',
      querystring: Type.Object({ id }),
      response: { 200: phrase },
    },
  },
  save: {
    method: 'POST',
    path: `${base}/save`,
    schema: {
      summary:
        'Adds or changes a phrase: personal (type 2) for anyone, system (type 1) by the admin only',
      body: Type.Object({
        id: optionalText(64),
        expression: Type.String({ minLength: 1, maxLength: 500 }),
        type: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
        defKey: optionalText(64),
        sn: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
      }),
      response: { 200: stateAnswer },
    },
  },
  remove: {
    method: 'DELETE',
    path: `${base}/remove`,
    schema: {
      summary: "Removes the caller's phrases (the admin may remove system ones)",
      querystring: idsQuery,
      response: { 200: stateAnswer },
    },
  },
  /** The portal service's (server/services/portal/shell/top-bar.ts), under this prefix. */
  approvalTime: {
    method: 'GET',
    path: `${base}/getApprovalTime`,
    schema: {
      summary:
        "The server's time for an approval signed now (the message), in the business time zone",
      response: { 200: okMessage },
    },
  },
});
