import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

/**
 * Stand-ins for the external services custom queries may call, one per answer shape the
 * browser must handle (spec/shell.md section 8). The seeded demo* queries point here; the
 * data is fixed sample data, not read from the database.
 */
const sampleStores = [
  { storeCode: 'S01', storeName: '海雅百货宝安店', city: '深圳' },
  { storeCode: 'S02', storeName: '海雅百货惠城店', city: '惠州' },
  { storeCode: 'S03', storeName: '海雅缤纷城', city: '深圳' },
  { storeCode: 'S04', storeName: '天汇广场', city: '东莞' },
];

export async function demoExternalRoutes(app: FastifyInstance) {
  const open = { config: { access: 'public' as const } };
  const base = '/form/customQuery/v1/demoExternal';

  const stores = async (request: { query: unknown; body: unknown }) => {
    const given = { ...(request.query as object), ...((request.body as object) ?? {}) };
    const city = 'city' in given && typeof given.city === 'string' ? given.city : '';
    const list = city ? sampleStores.filter((store) => store.city.includes(city)) : sampleStores;
    return { code: 0, data: { list, total: list.length } };
  };
  const storesSchema = {
    summary: 'Demo external service: a list under data.list',
    querystring: Type.Object({ city: Type.Optional(Type.String({ maxLength: 20 })) }),
  };
  app.get(`${base}/stores`, { ...open, schema: storesSchema }, stores);
  app.post(
    `${base}/stores`,
    { ...open, schema: { ...storesSchema, body: Type.Optional(Type.Unknown()) } },
    stores,
  );

  app.get(
    `${base}/empty`,
    { ...open, schema: { summary: 'Demo external service: an empty answer' } },
    async (_request, reply) => reply.status(200).type('application/json').send(''),
  );

  app.get(
    `${base}/not-json`,
    { ...open, schema: { summary: 'Demo external service: an answer that is not JSON' } },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send('服务维护中，请稍后再试 (maintenance)'),
  );

  app.get(
    `${base}/no-array`,
    { ...open, schema: { summary: 'Demo external service: data.list is not an array' } },
    async () => ({ code: 0, data: { list: '暂无数据', total: 0 } }),
  );
}
