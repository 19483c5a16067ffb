import type { FastifyInstance } from 'fastify';
import { feature } from '../features';
import { chartRoutes } from './charts';
import { customDialogRoutes } from './custom-dialog';
import { customQueryService } from './custom-query';
import { onlineFormRoutes } from './data-template';
import { sysModuleRoutes } from './sys-module';

/** The form service ({form}): custom queries, custom dialogs, query views, data templates, form reminders, system modules. */
export async function formService(app: FastifyInstance) {
  await app.register(feature('customQuery', customQueryService));
  await app.register(feature('charts', chartRoutes));
  await app.register(feature('forms', onlineFormRoutes));
  await app.register(feature('customDialog', customDialogRoutes));
  await app.register(feature('sysModules', sysModuleRoutes));
}
