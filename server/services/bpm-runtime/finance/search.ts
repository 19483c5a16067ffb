import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseFilter, required } from '../../../domain/finance/filters';
import { financeScope } from '../../../domain/finance/scope';
import { searchFeeNotice } from '../../../domain/finance/search/notices';
import { confirmationSets, settlementSets } from '../../../domain/finance/search/result-sets';
import { searchConfirmation, searchSettlement } from '../../../domain/finance/search/settlement';
import { currentUser } from '../../../plugins/auth';
import { withFilterLabel } from './labels';

/**
 * The print views' reads at the platform's addresses: a settlement statement (searchDJH),
 * its invoicing confirmation (searchFPQRD), a joint-operation notice (searchLYJKD) and a
 * lease notice (searchZLTZD), in the platform's shape: `{ state, message, data }`, where
 * `data` is the list of result sets of a statement or the one notice (issue 39, item 7).
 * Scoped like the lists; what the caller may not see answers 404 exactly like what does not
 * exist. The print elements read the same documents, named, through printView/*.
 */
const text = (maxLength: number) => Type.String({ maxLength });
const row = Type.Object({}, { additionalProperties: true });
const resultSets = Type.Object({
  state: Type.Literal(true),
  message: Type.String(),
  data: Type.Array(Type.Array(row), {
    description: 'The result sets in order, each a list of rows',
  }),
});
const oneNotice = Type.Object({ state: Type.Literal(true), message: Type.String(), data: row });

export async function searchRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const base = `/bpm/${config.product}Script`;
  const statementQuery = Type.Object({ DJBH: text(64), HSFS: Type.Optional(text(32)) });
  const noticeQuery = Type.Object({ GHDWDM: text(32), DJBH: text(64), NY: text(16) });

  const statementSearches = [
    {
      path: 'searchDJH',
      summary:
        'A settlement statement by JLBH: data = [[header], fee lines, [{HTKSRQ, HTJSRQ}], [{RQ}], [{XSJE, KKJE, YSJE}]]',
      read: async (...args: Parameters<typeof searchSettlement>) =>
        settlementSets(await searchSettlement(...args)),
    },
    {
      path: 'searchFPQRD',
      summary:
        'An invoicing confirmation by JLBH: data = [[header], [adjustments], [{DYR, LXDH}], lines, [{XSJE, KKJE}]]',
      read: async (...args: Parameters<typeof searchConfirmation>) =>
        confirmationSets(await searchConfirmation(...args)),
    },
  ];
  for (const { path, summary, read } of statementSearches) {
    app.get(
      `${base}/${path}`,
      {
        schema: {
          summary,
          security: [{ bearer: [] }],
          querystring: statementQuery,
          response: { 200: resultSets },
        },
      },
      async (request) => {
        const query = request.query;
        const { recordNo, mode } = withFilterLabel(request, () => ({
          recordNo: required('DJBH', query.DJBH),
          mode: parseFilter('HSFS', { kind: 'text' }, query.HSFS),
        }));
        const scope = financeScope(currentUser(request));
        return {
          state: true as const,
          message: '',
          data: await read(db, { recordNo, mode }, scope),
        };
      },
    );
  }

  for (const [path, kind] of [
    ['searchLYJKD', 'joint'],
    ['searchZLTZD', 'lease'],
  ] as const) {
    app.get(
      `${base}/${path}`,
      {
        schema: {
          summary: `One ${kind === 'joint' ? 'joint-operation' : 'lease'} fee notice by vendor code, contract and month (data: the notice)`,
          security: [{ bearer: [] }],
          querystring: noticeQuery,
          response: { 200: oneNotice },
        },
      },
      async (request) => {
        const query = request.query;
        const key = withFilterLabel(request, () => ({
          vendorCode: required('GHDWDM', query.GHDWDM),
          contractNo: required('DJBH', query.DJBH),
          month: required('NY', query.NY, 'month'),
        }));
        const scope = financeScope(currentUser(request));
        const data = await searchFeeNotice(db, kind, key, scope, {
          timeZone: config.timeZone,
          language: request.language,
        });
        return { state: true as const, message: '', data };
      },
    );
  }
}
