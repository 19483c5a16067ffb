import type { FastifyInstance } from 'fastify';
import { feature } from '../features';
import { financeRoutes } from './finance';
import { masterOrgRoutes } from './master-org';
import { messageRoutes } from './messages';
import { mobileLoginRoutes } from './mobile-login';
import { printRoutes } from './print';
import { signupRoutes } from './signup';
import { workflowRoutes } from './workflow';

/** The workflow runtime service ({bpmRunTime}) and the group's custom calls under it. */
export async function bpmRuntimeService(app: FastifyInstance) {
  await app.register(feature('auth', mobileLoginRoutes));
  await app.register(feature('signup', signupRoutes));
  await app.register(feature('messages', messageRoutes));
  await app.register(feature('finance', financeRoutes));
  await app.register(feature('print', printRoutes));
  await app.register(feature('shell', masterOrgRoutes));
  await app.register(feature('workflow', workflowRoutes));
}
