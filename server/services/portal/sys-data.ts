import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { dictionary, isDictionary } from '../../domain/forms/dictionaries';
import { nextIdByAlias } from '../../domain/shell/identities';
import { notFound } from '../../lib/errors';
import { commonResult, ok } from '../schemas';
import { businessCalendar } from '../../lib/time';

/**
 * The portal's dictionary combo and next-id-by-alias calls (spec/workflow-office.md 7.4;
 * issue 39, item 8; docs/shell-api.md, "Dictionaries and numbering"). Signed in.
 */
const dictionaryItem = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String({ description: "In the caller's language" }),
  typeKey: Type.String(),
  sn: Type.Integer(),
});

const typeKeyQuery = Type.Object({
  typeKey: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
});

const aliasQuery = Type.Object({
  alias: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' }),
});

export async function sysDataRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  app.get(
    '/sys/dataDict/v1/getByTypeKeyForComBo',
    {
      schema: {
        summary: 'The items of a dictionary, for a select (a bare list: key, name, sn)',
        description:
          'The named lists forms take their choices from (stores, meetingRoom, workKind, ' +
          'inspectionResult, contractKind). An unknown typeKey answers 404.',
        querystring: typeKeyQuery,
        response: { 200: Type.Array(dictionaryItem) },
      },
    },
    async (request) => {
      const { typeKey } = request.query;
      if (!isDictionary(typeKey)) throw notFound('server:specRows.dictionaryNotFound');
      const english = request.language === 'en-US';
      return (await dictionary(db, typeKey)).map((option, i) => ({
        id: `${typeKey}:${option.value}`,
        key: option.value,
        name: (english && option.labelEn) || option.label,
        typeKey,
        sn: i + 1,
      }));
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/sys/identity/v1/getNextIdByAlias',
      schema: {
        summary: 'Takes the next number of a numbering rule (流水号) by alias',
        description:
          'Each call takes a new number (never given twice, also under concurrent calls); the ' +
          'counter starts again each day, month or year as the rule says. Unknown alias: 404.',
        querystring: aliasQuery,
        response: { 200: commonResult(Type.String()) },
      },
      handler: async (request) => {
        const { alias } = request.query;
        const value = await nextIdByAlias(db, alias, businessCalendar(config).today);
        return ok(value, '');
      },
    });
  }
}
