import type { FastifyInstance } from 'fastify';
import { financeRoutes } from './finance';
import { masterOrgRoutes } from './master-org';
import { messageRoutes } from './messages';
import { mobileLoginRoutes } from './mobile-login';
import { printRoutes } from './print';
import { signupRoutes } from './signup';
import { workflowRoutes } from './workflow';

/** The workflow runtime service ({bpmRunTime}) and the group's custom calls under it. */
export async function bpmRuntimeService(app: FastifyInstance) {
  await app.register(mobileLoginRoutes);
  await app.register(signupRoutes);
  await app.register(messageRoutes);
  await app.register(financeRoutes);
  await app.register(printRoutes);
  await app.register(masterOrgRoutes);
  await app.register(workflowRoutes);
}
