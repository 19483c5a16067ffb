import type { FastifyInstance } from 'fastify';
import { customQueryRoutes } from './custom-queries';
import { dataTemplateRoutes } from './data-templates';
import { demoExternalRoutes } from './demo-external';
import { queryViewRoutes } from './query-views';
import { reminderRoutes } from './reminders';

/**
 * The shell's form-service calls: custom queries (and the demo external endpoints behind the
 * seeded error cases), query views, data templates and form reminders.
 */
export async function customQueryService(app: FastifyInstance) {
  await app.register(customQueryRoutes);
  await app.register(demoExternalRoutes);
  await app.register(queryViewRoutes);
  await app.register(dataTemplateRoutes);
  await app.register(reminderRoutes);
}
