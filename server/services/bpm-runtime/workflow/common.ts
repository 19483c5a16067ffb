import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest, UserError } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import type { Caller } from '../../../domain/workflow/access';
import { parseRequestJson } from '../../../lib/safe-input';
import { listRow } from '../../../lib/row-schema';
import { pageList } from '../../schemas';
import type { FormDefinition } from '../../../domain/workflow/model/form';
import { flowCallsOf, formSchema } from '../../../../src/contract/workflow-flows';
import { detailCallsOf } from '../../../../src/contract/workflow-details';

/** The caller from the session; leaderId (a secretary acting for a leader) is checked later. */
export function callerOf(request: FastifyRequest, leaderId?: string | null): Caller {
  const user = currentUser(request);
  return {
    id: user.id,
    fullname: user.fullname,
    isAdmin: user.seesEverything,
    leaderId: leaderId ?? null,
    translate: (key, params) => request.t(key, params),
    language: request.language,
  };
}

/**
 * A field of a query or body, whatever the route's schema says of it: the leader is read on
 * routes whose schema does not name it too (fields a schema does not name are kept).
 */
function fieldOf(part: unknown, name: string): unknown {
  if (typeof part !== 'object' || part === null) return undefined;
  return Reflect.get(part, name);
}

/**
 * The leader named by ?leaderId= or the body's agentLeaderId / leaderId. Any request will
 * do, so every route's typed request is taken as it is.
 */
export function leaderParam(request: { query: unknown; body: unknown }): string | null {
  const fromBody = fieldOf(request.body, 'agentLeaderId') ?? fieldOf(request.body, 'leaderId');
  const value =
    fieldOf(request.query, 'leaderId') ?? (typeof fromBody === 'string' ? fromBody : null);
  return typeof value === 'string' && value !== '' && value !== '0' ? value : null;
}

/**
 * Form data as the platform sends it: base64 of the form JSON (an object is accepted too).
 * Anything that is not an object after decoding is a 400.
 */
export function decodeData(data: unknown): Record<string, unknown> | undefined {
  if (data === undefined || data === null || data === '') return undefined;
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = parseRequestJson(Buffer.from(data, 'base64').toString('utf8'));
    } catch (error) {
      if (error instanceof UserError) throw error;
      throw badRequest('server:workflow.dataInvalid');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('server:workflow.dataInvalid');
  }
  return value as Record<string, unknown>;
}

export { id, optionalText } from '../../../../src/contract/fields';

/** The runtime service's task and instance calls live under these paths. */
export const taskBase = '/runtime/task/v1';
export const instanceBase = '/runtime/instance/v1';
/** An answer described loosely (its fields are listed in docs/workflow.md). */
export const loose = Type.Object({}, { additionalProperties: true });
export const looseList = Type.Array(loose);

/** The flows' calls with the server's form type (src/contract/workflow-flows.ts says why). */
export const flowCalls = flowCallsOf(formSchema<FormDefinition>());

/** The task and instance pages' reads, with the server's form type. */
export const detailCalls = detailCallsOf(formSchema<FormDefinition>());
export const files = Type.Optional(Type.String({ maxLength: 20_000 }));
/** "id1,id2" or a list of ids or accounts. */
export const userList = Type.Union([
  Type.String({ maxLength: 5000 }),
  Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }),
]);

/** A bare PageList of loosely described rows (the fields are listed in docs/workflow.md). */
export const pageAnswer = pageList(listRow);

export { stateAnswer } from '../../../../src/contract/envelope';

export const idList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .slice(0, 500);
