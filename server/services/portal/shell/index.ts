import type { FastifyInstance } from 'fastify';
import { shellSettings } from '../../../domain/shell/settings';
import { attachmentRoutes } from './attachments';
import { homeRoutes } from './home';
import { menuRoutes } from './menus';
import { topBarRoutes } from './top-bar';

/** The portal calls of the shell and the home dashboard (docs/shell-api.md). */
export async function shellPortalRoutes(app: FastifyInstance) {
  const settings = shellSettings();
  await app.register(menuRoutes);
  await app.register(topBarRoutes);
  await app.register(homeRoutes, { settings });
  await app.register(attachmentRoutes, { settings });
}
