import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { commonResult, ok } from '../schemas';

export interface FrontSettings {
  /** The product's name, as the platform keeps it (the group's own language, Chinese). */
  frontName: string;
  /**
   * Its English name, for English readers (ours: the platform has one name only); empty when
   * none is configured, and the reader then sees frontName.
   */
  frontNameEn: string;
  /** JSON text of `[{id, name}]` files: the browser icon. */
  ico: string;
  /** JSON text of `[{id, name}]` files: the logo of the top bar and login page. */
  frontLogo: string;
}

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

export async function settingsRoutes(app: FastifyInstance) {
  app.get(
    '/sys/sysProperties/v1/getDecryptBySysSetting',
    {
      schema: {
        summary: 'Front-end system settings: product name, icon and logo (value is JSON text)',
        response: { 200: commonResult(Type.String()) },
      },
    },
    async () => ok(JSON.stringify(await readFrontSettings(app))),
  );

  app.get(
    '/bpm/haiyaapi/getStores',
    {
      schema: {
        summary: "The group's stores, for the store dropdowns (sign-up and finance filters)",
        response: {
          200: commonResult(
            Type.Array(
              Type.Object({
                code: Type.String(),
                name: Type.String(),
                nameEn: Type.String(),
                city: Type.String(),
                /** The city in English; empty when it has none. */
                cityEn: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async () => {
      const stores = await app.deps.db
        .selectFrom('stores')
        .select(['code', 'name', 'name_en as nameEn', 'city', 'city_en as cityEn'])
        .orderBy('sort')
        .execute();
      return ok(stores);
    },
  );
}
