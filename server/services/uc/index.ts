import type { FastifyInstance } from 'fastify';
import { feature } from '../features';
import { authRoutes } from './auth';
import { directoryRoutes } from './directory';
import { passwordRoutes } from './password';
import { tenantJsonRoutes } from './tenant-json';
import { ssoRoutes } from './sso';
import { tenantRoutes } from './tenants';
import { userRoutes } from './users';
import { userCentreRoutes } from './user-centre';

/** The user centre ({uc}): sign-in, sessions, passwords, tenants, the people directory. */
export async function ucService(app: FastifyInstance) {
  await app.register(feature('auth', authRoutes));
  await app.register(feature('auth', passwordRoutes));
  await app.register(feature('tenants', tenantRoutes));
  await app.register(feature('auth', ssoRoutes));
  await app.register(feature('tenants', tenantJsonRoutes));
  await app.register(feature('users', userRoutes));
  await app.register(feature('directory', directoryRoutes));
  await app.register(feature('users', userCentreRoutes));
}
