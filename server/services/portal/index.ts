import type { FastifyInstance } from 'fastify';
import { fileRoutes } from './files';
import { mailService } from './mail';
import { mapRoutes } from './map';
import { newsRoutes } from './news';
import { settingsRoutes } from './settings';
import { shellPortalRoutes } from './shell';
import { sysDataRoutes } from './sys-data';

/** The portal service ({portal}): news, files, system settings, the shell and home page, mail. */
export async function portalService(app: FastifyInstance) {
  await app.register(newsRoutes);
  await app.register(fileRoutes);
  await app.register(settingsRoutes);
  await app.register(shellPortalRoutes);
  await app.register(mailService);
  await app.register(mapRoutes);
  await app.register(sysDataRoutes);
}
