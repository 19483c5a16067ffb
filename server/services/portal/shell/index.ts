import type { FastifyInstance } from 'fastify';
import { shellSettings } from '../../../domain/shell/settings';
import { attachmentRoutes } from './attachments';
import { groupRoutes } from './groups';
import { homeRoutes } from './home';
import { menuRoutes } from './menus';
import { topBarRoutes } from './top-bar';
import { widgetRoutes } from './widgets';

/** The portal calls of the shell and the home dashboard (docs/shell-api.md). */
export async function shellPortalRoutes(app: FastifyInstance) {
  const settings = shellSettings();
  await app.register(menuRoutes);
  await app.register(topBarRoutes);
  await app.register(homeRoutes, { settings });
  await app.register(attachmentRoutes, { settings });
  await app.register(widgetRoutes);
  await app.register(groupRoutes);
}
