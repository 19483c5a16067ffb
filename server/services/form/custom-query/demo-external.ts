import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
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

/**
 * The city asked for: a body's `city` (the POST) wins over the query's, and a city that is not
 * text asks for none. A body of any other shape leaves the query's.
 */
function cityOf(query: { city?: string }, body: unknown): string {
  const given =
    typeof body === 'object' && body !== null && 'city' in body ? body.city : query.city;
  return typeof given === 'string' ? given : '';
}

export async function demoExternalRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const open = { config: { access: 'public' as const } };
  const base = '/form/customQuery/v1/demoExternal';

  const stores = async (request: { query: { city?: string }; body: unknown }) => {
    const city = cityOf(request.query, request.body);
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
