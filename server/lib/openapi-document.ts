/**
 * What the OpenAPI document adds to what @fastify/swagger makes of the routes' schemas, as
 * plain functions over the document (server/plugins/openapi.ts registers them): one stable
 * operationId per operation, the failure answers as shared responses, tuples written so that
 * OpenAPI 3.0 reads them. Nothing here knows a route by name.
 */

/** Every failure the server answers, all in the platform envelope `{ state: false, message }`. */
export const failureAnswers = {
  400: {
    name: 'BadRequest',
    description:
      'Refused: a parameter or the body failed its check, or the request is malformed. The ' +
      'message names the field and the problem in the caller’s language.',
  },
  401: {
    name: 'Unauthorized',
    description: 'No usable session: sign in and send `Authorization: Bearer <token>`.',
  },
  403: {
    name: 'Forbidden',
    description:
      'Not allowed for this caller, or their password must be changed before anything else.',
  },
  404: { name: 'NotFound', description: 'Not found, or not visible to this caller.' },
  409: {
    name: 'Conflict',
    description: 'Conflicts with the current state: changed by someone else, or already done.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body or an uploaded file is too large.' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests: try again after the seconds in Retry-After.',
    retryAfter: true,
  },
  500: { name: 'InternalError', description: 'An unexpected failure; nothing internal is told.' },
  503: {
    name: 'Unavailable',
    description: 'The database is unavailable: try again after the seconds in Retry-After.',
    retryAfter: true,
  },
} as const;

export type FailureStatus = keyof typeof failureAnswers;

/** Where the transform of each route leaves its failure statuses for the document's pass. */
export const answersKey = 'x-atrium-answers';

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; responses?: Record<string, unknown> };

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The response objects of `components.responses`, each the failure envelope. */
export function failureResponses(failureSchemaRef: string): Record<string, Json> {
  const responses: Record<string, Json> = {};
  for (const { name, description, ...rest } of Object.values(failureAnswers)) {
    const retryAfter = 'retryAfter' in rest;
    responses[name] = {
      description,
      content: { 'application/json': { schema: { $ref: failureSchemaRef } } },
      ...(retryAfter && {
        headers: {
          'Retry-After': {
            description: 'Seconds to wait before trying again.',
            schema: { type: 'integer' },
          },
        },
      }),
    };
  }
  return responses;
}

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation's id from its method and path, so it stays the same while the path does:
 * `POST /portal/map/v1/plan/{floorId}` is `postPortalMapV1PlanByFloorId`.
 */
export function operationIdOf(method: string, path: string): string {
  const parts = path.split('/').flatMap((segment) => {
    const parameter = /^\{(.+)\}$/.exec(segment);
    return parameter ? ['by', ...words(parameter[1]!)] : words(segment);
  });
  return method.toLowerCase() + parts.map(capital).join('');
}

/** Each operation of the document with its method and path. */
export function* operationsOf(
  document: Json,
): Generator<{ method: string; path: string; operation: Operation }> {
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of httpMethods) {
      const operation = item[method] as Operation | undefined;
      if (operation) yield { method, path, operation };
    }
  }
}

/**
 * Fills in each operation's id (a route may give its own) and its failure answers as
 * references to the shared responses; two operations with one id stop the document.
 */
export function completeOperations(document: Json): void {
  const seen = new Map<string, string>();
  for (const { method, path, operation } of operationsOf(document)) {
    operation.operationId ??= operationIdOf(method, path);
    const other = seen.get(operation.operationId);
    if (other) {
      throw new Error(`operationId ${operation.operationId}: ${method} ${path} and ${other}`);
    }
    seen.set(operation.operationId, `${method} ${path}`);
    const answers = (operation[answersKey] ?? []) as FailureStatus[];
    delete operation[answersKey];
    const responses = (operation.responses ??= {});
    for (const status of answers) {
      responses[status] ??= { $ref: `#/components/responses/${failureAnswers[status].name}` };
    }
  }
}

/**
 * JSON Schema 2020 and draft 7 words that OpenAPI 3.0's schema object lacks, rewritten in
 * place: a tuple (`items` as a list, TypeBox's Type.Tuple) becomes a list of any of its
 * item schemas with its length fixed, and `const` becomes a one-value `enum`.
 */
export function toOpenApi30Schemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) toOpenApi30Schemas(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  if (Array.isArray(schema.items)) {
    const items = schema.items as unknown[];
    const distinct = [...new Map(items.map((item) => [JSON.stringify(item), item])).values()];
    schema.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
    schema.minItems ??= items.length;
    if (schema.additionalItems === false) schema.maxItems ??= items.length;
    delete schema.additionalItems;
  }
  if ('const' in schema && !('enum' in schema)) {
    schema.enum = [schema.const];
    delete schema.const;
  }
  for (const value of Object.values(schema)) toOpenApi30Schemas(value);
}
