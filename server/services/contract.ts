import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
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

/** What a route says beyond its call: its `config` (access, failures answered, ...). */
export interface RouteExtras {
  config?: FastifyContextConfig;
}

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
  app.route({ method: call.method, url: call.path, schema: call.schema, handler, ...extras });
}
