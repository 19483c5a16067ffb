import type { FastifyInstance } from 'fastify';
import { feature } from '../features';
import { fileRoutes } from './files';
import { liveRoutes } from './live';
import { mailService } from './mail';
import { mapRoutes } from './map';
import { newsRoutes } from './news';
import { settingsRoutes } from './settings';
import { shellPortalRoutes } from './shell';
import { sysDataRoutes } from './sys-data';

/** The portal service ({portal}): news, files, system settings, the shell and home page, mail, the live stream. */
export async function portalService(app: FastifyInstance) {
  await app.register(feature('news', newsRoutes));
  await app.register(feature('files', fileRoutes));
  await app.register(feature('settings', settingsRoutes));
  await app.register(feature('shell', shellPortalRoutes));
  await app.register(feature('mail', mailService));
  await app.register(feature('map', mapRoutes));
  await app.register(feature('sysData', sysDataRoutes));
  await app.register(feature('live', liveRoutes));
}
