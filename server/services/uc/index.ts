import type { FastifyInstance } from 'fastify';
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
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(tenantRoutes);
  await app.register(ssoRoutes);
  await app.register(tenantJsonRoutes);
  await app.register(userRoutes);
  await app.register(directoryRoutes);
  await app.register(userCentreRoutes);
}
