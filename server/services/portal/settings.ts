import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { portalCalls, type FrontSettings } from '../../../src/contract/portal';
import { addRoute } from '../contract';
import { ok } from '../schemas';

export async function readFrontSettings(app: FastifyInstance): Promise<FrontSettings> {
  const rows = await app.deps.db
    .selectFrom('system_settings')
    .select(['key', 'value'])
    .where('key', 'in', ['frontName', 'frontNameEn', 'ico', 'frontLogo'])
    .execute();
  const found = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const files = (value: unknown) => JSON.stringify(Array.isArray(value) ? value : []);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    frontName: text(found.frontName),
    frontNameEn: text(found.frontNameEn),
    ico: files(found.ico),
    frontLogo: files(found.frontLogo),
  };
}

export async function settingsRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();

  addRoute(app, portalCalls.frontSettings, async () =>
    ok(JSON.stringify(await readFrontSettings(app))),
  );

  addRoute(app, portalCalls.stores, async () => {
    const stores = await app.deps.db
      .selectFrom('stores')
      .select(['code', 'name', 'name_en as nameEn', 'city', 'city_en as cityEn'])
      .orderBy('sort')
      .execute();
    return ok(stores);
  });
}
