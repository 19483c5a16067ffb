import type { FastifyInstance } from 'fastify';
import { linkmanRoutes } from './linkman';
import { mailRoutes } from './mail';
import { settingRoutes } from './setting';

/** Mail under {portal}/mail/mail/... (reference/mail-api.md, docs/mail.md). */
export async function mailService(app: FastifyInstance) {
  await app.register(mailRoutes);
  await app.register(linkmanRoutes);
  await app.register(settingRoutes);
}
