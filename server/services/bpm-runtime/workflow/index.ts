import type { FastifyInstance } from 'fastify';
import { detailRoutes } from './detail-routes';
import { iconRoutes } from './icon-routes';
import { incidentRoutes } from './incident-routes';
import { instanceActionRoutes } from './instance-actions';
import { listRoutes } from './list-routes';
import { relatedRoutes } from './related-routes';
import { settingRoutes } from './setting-routes';
import { revokeRoutes, taskActionRoutes } from './task-actions';

/** The workflow calls of the runtime service (docs/workflow.md, "Runtime calls"). */
export async function workflowRoutes(app: FastifyInstance) {
  await app.register(taskActionRoutes);
  await app.register(instanceActionRoutes);
  await app.register(revokeRoutes);
  await app.register(listRoutes);
  await app.register(detailRoutes);
  await app.register(relatedRoutes);
  await app.register(settingRoutes);
  await app.register(incidentRoutes);
  await app.register(iconRoutes);
}
