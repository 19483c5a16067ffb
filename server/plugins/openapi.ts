import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  answersKey,
  completeOperations,
  failureResponses,
  operationsOf,
  toOpenApi30Schemas,
  type FailureStatus,
} from '../lib/openapi-document';
import { features } from '../services/features';
import { failure } from '../services/schemas';
import { routeAccess } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Failures this route answers beyond those every route of its kind does (400, 500 and
     * 503 always; 401 with a session, 403 when signed-in users only, 413 with a body): a
     * missing record (404), a conflict (409), a limit (429). Documented, not enforced.
     */
    answers?: readonly FailureStatus[];
  }
}

type Security = { [scheme: string]: string[] }[];
const bearer: Security = [{ bearer: [] }];
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const failureSchema = 'Failure';

/** The failures a route answers, from what its access, security and method say. */
function answersOf(
  config: FastifyContextConfig | undefined,
  access: string,
  security: Security,
  methods: string[],
): FailureStatus[] {
  const answers = new Set<FailureStatus>([400, 500, 503]);
  if (security.some((requirement) => 'bearer' in requirement)) answers.add(401);
  if (access === 'user') answers.add(403);
  if (methods.some((method) => bodyMethods.has(method))) answers.add(413);
  const feature = config?.feature ? features[config.feature] : undefined;
  for (const status of [...(feature?.answers ?? []), ...(config?.answers ?? [])]) {
    answers.add(status);
  }
  return [...answers].sort();
}

/** What swagger's schema words are, as far as this plugin reads them. */
interface DocumentedSchema {
  hide?: boolean;
  security?: Security;
  tags?: string[];
  response?: Record<string, unknown>;
}

/**
 * Each route's tag, security and failure answers, from its feature and the access rule of
 * the auth plugin; what the route's own schema says wins.
 */
const describeRoute: SwaggerTransform = ({ schema: given, url, route }) => {
  const schema = given as DocumentedSchema | undefined;
  if (schema?.hide) return { schema: given, url };
  const access = routeAccess(route.config, url);
  const security = schema?.security ?? (access === 'public' ? [] : bearer);
  const methods = typeof route.method === 'string' ? [route.method] : route.method;
  const own = new Set(Object.keys(schema?.response ?? {}));
  const answers = answersOf(route.config, access, security, methods);
  const service = url.split('/')[1] ?? '';
  return {
    url,
    schema: {
      ...given,
      tags: schema?.tags ?? [route.config?.feature ?? service],
      security,
      [answersKey]: answers.filter((status) => !own.has(String(status))),
    },
  };
};

/** The features' tags, and a service's for routes registered without a feature. */
function tagsOf(document: Record<string, unknown>) {
  const tags = new Map<string, string>(
    Object.entries(features).map(([name, { description }]) => [name, description]),
  );
  for (const { operation } of operationsOf(document)) {
    for (const tag of (operation.tags ?? []) as string[]) {
      if (!tags.has(tag)) tags.set(tag, `Calls of /${tag} not yet given a feature`);
    }
  }
  return [...tags].map(([name, description]) => ({ name, description }));
}

/** The shared parts, the operations completed, the tags described, all in OpenAPI 3.0. */
const completeDocument: SwaggerTransformObject = (documentObject) => {
  const openapiObject = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
  const document = structuredClone(openapiObject) as Record<string, unknown> & {
    components: Record<string, Record<string, unknown>>;
  };
  document.components.schemas = {
    ...document.components.schemas,
    [failureSchema]: JSON.parse(JSON.stringify(failure)),
  };
  document.components.responses = failureResponses(`#/components/schemas/${failureSchema}`);
  completeOperations(document);
  toOpenApi30Schemas(document.paths);
  toOpenApi30Schemas(document.components.schemas);
  document.tags = tagsOf(document);
  return document;
};

/**
 * The OpenAPI document at /docs/json and its pages at /docs. Registered before the routes:
 * it sees each route as it is added, so a new route gets its operationId, tag, security and
 * failure answers from here without a line of its own.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Atrium reference server',
        version: '0.1.0',
        description:
          'Every failure answers `{ state: false, message }`, the message in the language of ' +
          'Accept-Language (zh-CN or en-US).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: describeRoute,
    transformObject: completeDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
