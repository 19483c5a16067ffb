import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { portalCalls } from '../../../src/contract/portal';
import { frontSettings } from '../../domain/shell/front-settings';
import { storeChoices } from '../../domain/shell/stores';
import { addRoute } from '../contract';
import { ok } from '../schemas';

export async function settingsRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();

  addRoute(app, portalCalls.frontSettings, async () =>
    ok(JSON.stringify(await frontSettings(app.deps.db))),
  );

  addRoute(app, portalCalls.stores, async () => ok(await storeChoices(app.deps.db)));
}
