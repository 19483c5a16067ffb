import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../lib/context';
import fp from 'fastify-plugin';
import { resolveSession } from '../domain/sessions';
import { UserError } from '../lib/errors';
import { isVisitorCall, serviceOfUrl } from '../../src/core/services';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

/**
 * Service routes are closed but for the visitor calls the browser shares (src/core/services.ts) and
 * routes that say otherwise; pages, bundles and docs are open. The one rule, read by every
 * request and by the OpenAPI document (server/plugins/openapi.ts).
 */
export function routeAccess(config: FastifyContextConfig | undefined, url: string): Access {
  if (config?.access) return config.access;
  const call = serviceOfUrl(url);
  return call && !isVisitorCall(call.service, call.path) ? 'user' : 'public';
}

function accessOf(request: FastifyRequest) {
  // routeOptions builds a new object on every read.
  const { config, url } = request.routeOptions;
  return routeAccess(config, url ?? request.url);
}

/**
 * Resolves the caller from the Bearer token on every request. Routes are closed by default:
 * a route opts out with `config: { access: 'public' }`. A user who signed in with a password
 * that must be changed can only reach routes marked `access: 'password-reset'`.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('passwordChangePending', false);
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    const token = bearerToken(request);
    if (!token) {
      if (access === 'public') return;
      throw new UserError(401, 'server:unauthorized');
    }
    try {
      request.user = await resolveSession(
        app.deps.db,
        app.deps.config,
        token,
        app.deps.sessionCache,
      );
    } catch (error) {
      // A stale token on a public route is simply anonymous.
      if (access === 'public') return;
      throw error;
    }
    if (request.user.mustChangePassword && access === 'user') {
      throw new UserError(403, 'server:mustChangePassword');
    }
    // A public route reads for such a user what it reads for a visitor; where a visitor
    // would be told to sign in, they are told to change their password (passwordPending).
    if (request.user.mustChangePassword && access === 'public') {
      request.user = null;
      request.passwordChangePending = true;
    }
  });
});

/** The error for a caller with no usable session: sign in, or first change the password. */
export function signInFirst(request: FastifyRequest): UserError {
  return request.passwordChangePending
    ? new UserError(403, 'server:mustChangePassword')
    : new UserError(401, 'server:unauthorized');
}

/** The signed-in caller; routes with access 'user' always have one. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw signInFirst(request);
  return request.user;
}
