import type { FastifyInstance } from 'fastify';
import { iconRoutes } from './icon-routes';
import { incidentRoutes } from './incident-routes';
import { instanceActionRoutes } from './instance-actions';
import { instanceDetailRoutes } from './instance-detail-routes';
import { listRoutes } from './list-routes';
import { noticeRoutes } from './notice-routes';
import { relatedRoutes } from './related-routes';
import { settingRoutes } from './setting-routes';
import { startableRoutes } from './startable-routes';
import { revokeRoutes, taskActionRoutes } from './task-actions';
import { taskDetailRoutes } from './task-detail-routes';
import { urgeRoutes } from './urge-routes';

/** The workflow calls of the runtime service (docs/workflow.md, "Runtime calls"). */
export async function workflowRoutes(app: FastifyInstance) {
  await app.register(taskActionRoutes);
  await app.register(instanceActionRoutes);
  await app.register(revokeRoutes);
  await app.register(listRoutes);
  await app.register(taskDetailRoutes);
  await app.register(noticeRoutes);
  await app.register(instanceDetailRoutes);
  await app.register(startableRoutes);
  await app.register(urgeRoutes);
  await app.register(relatedRoutes);
  await app.register(settingRoutes);
  await app.register(incidentRoutes);
  await app.register(iconRoutes);
}
