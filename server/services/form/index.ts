import type { FastifyInstance } from 'fastify';
import { chartRoutes } from './charts';
import { customDialogRoutes } from './custom-dialog';
import { customQueryService } from './custom-query';
import { onlineFormRoutes } from './data-template';
import { sysModuleRoutes } from './sys-module';

/** The form service ({form}): custom queries, custom dialogs, query views, data templates, form reminders, system modules. */
export async function formService(app: FastifyInstance) {
  await app.register(customQueryService);
  await app.register(chartRoutes);
  await app.register(onlineFormRoutes);
  await app.register(customDialogRoutes);
  await app.register(sysModuleRoutes);
}
