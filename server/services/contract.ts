import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { Call } from '../../src/contract/call';

type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A route's handler, its request and answer typed from the call's schemas. */
export type HandlerOf<C extends Call> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  C['schema'],
  TypeBoxTypeProvider
>;

/**
 * Registers a call of the contract (src/contract): its method, its URL and its schema, so the
 * route answers exactly what the browser is typed to send and read.
 */
export function addRoute<C extends Call>(
  app: TypedApp,
  call: C,
  handler: HandlerOf<C>,
  extras: RouteExtras = {},
): void {
  // The call's method, URL and schema win over anything the extras could carry.
  app.route({ ...extras, method: call.method, url: call.path, schema: call.schema, handler });
}

/**
 * What a route says beyond its call: its `config` (access, failures answered, ...) and a hook
 * before validation.
 */
export type RouteExtras = Pick<RouteOptions, 'config' | 'preValidation'>;
