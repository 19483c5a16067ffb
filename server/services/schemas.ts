import type { FastifyRequest } from 'fastify';
import type { Params } from '../i18n';

/**
 * A CommonResult that succeeded, the one way a route builds it: `{ state: true, value }`,
 * with a message when there is one to show.
 */
export function ok<V>(value: V): { state: true; value: V };
export function ok<V>(value: V, message: string): { state: true; message: string; value: V };
export function ok<V>(value: V, message?: string): { state: true; value: V; message?: string } {
  return message === undefined ? { state: true, value } : { state: true, message, value };
}

/** A success that only says so, in the caller's language: `{ state: true, message }`. */
export function done(request: FastifyRequest, key: string, params?: Params) {
  return { state: true as const, message: request.t(key, params) };
}

// The envelopes' schemas live in the contract the browser reads too.
export {
  commonResult,
  failure,
  okMessage,
  pageList,
  queryFilter,
  type QueryFilter,
} from '../../src/contract/envelope';
