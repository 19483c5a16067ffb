import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSession } from '../domain/sessions';
import { UserError } from '../lib/errors';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

const servicePrefixes = ['/uc/', '/portal/', '/bpm-runtime/', '/bpm-model/', '/form/'];

/** Service routes are closed unless they say otherwise; pages, bundles and docs are open. */
function accessOf(request: FastifyRequest) {
  const declared = request.routeOptions.config?.access;
  if (declared) return declared;
  const url = request.routeOptions.url ?? request.url;
  return servicePrefixes.some((prefix) => url.startsWith(prefix)) ? 'user' : 'public';
}

/**
 * Resolves the caller from the Bearer token on every request. Routes are closed by default:
 * a route opts out with `config: { access: 'public' }`. A user who signed in with a password
 * that must be changed can only reach routes marked `access: 'password-reset'`.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    const token = bearerToken(request);
    if (!token) {
      if (access === 'public') return;
      throw new UserError(401, 'server:unauthorized');
    }
    try {
      request.user = await resolveSession(app.deps.db, app.deps.config, token);
    } catch (error) {
      // A stale token on a public route is simply anonymous.
      if (access === 'public') return;
      throw error;
    }
    if (request.user.mustChangePassword && access === 'user') {
      throw new UserError(403, 'server:mustChangePassword');
    }
  });
});

/** The signed-in caller; routes with access 'user' always have one. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw new UserError(401, 'server:unauthorized');
  return request.user;
}
