import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseFilter, required } from '../../../domain/finance/filters';
import { financeScope } from '../../../domain/finance/scope';
import { searchFeeNotice } from '../../../domain/finance/search/notices';
import { searchConfirmation, searchSettlement } from '../../../domain/finance/search/settlement';
import { currentUser } from '../../../plugins/auth';
import { withFilterLabel } from './labels';

/**
 * The print views' reads: a settlement statement (searchDJH), its invoicing confirmation
 * (searchFPQRD), a joint-operation notice (searchLYJKD) and a lease notice (searchZLTZD).
 * Each answers `{ state: true, value }`, scoped like the lists; what the caller may not see
 * answers 404 exactly like what does not exist.
 */
const text = (maxLength: number) => Type.String({ maxLength });
const envelope = Type.Object({
  state: Type.Literal(true),
  value: Type.Object({}, { additionalProperties: true }),
});

export async function searchRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const base = `/bpm/${config.product}Script`;
  const statementQuery = Type.Object({ DJBH: text(64), HSFS: Type.Optional(text(32)) });
  const noticeQuery = Type.Object({ GHDWDM: text(32), DJBH: text(64), NY: text(16) });

  for (const [path, search, summary] of [
    ['searchDJH', searchSettlement, 'A settlement statement with its fee lines, by JLBH'],
    ['searchFPQRD', searchConfirmation, 'An invoicing confirmation with its lines, by JLBH'],
  ] as const) {
    app.get(
      `${base}/${path}`,
      {
        schema: {
          summary,
          security: [{ bearer: [] }],
          querystring: statementQuery,
          response: { 200: envelope },
        },
      },
      async (request) => {
        const query = request.query as { DJBH?: string; HSFS?: string };
        const { recordNo, mode } = withFilterLabel(request, () => ({
          recordNo: required('DJBH', query.DJBH),
          mode: parseFilter('HSFS', { kind: 'text' }, query.HSFS),
        }));
        const scope = financeScope(currentUser(request));
        return { state: true as const, value: await search(db, { recordNo, mode }, scope) };
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
          summary: `One ${kind === 'joint' ? 'joint-operation' : 'lease'} fee notice by vendor code, contract and month`,
          security: [{ bearer: [] }],
          querystring: noticeQuery,
          response: { 200: envelope },
        },
      },
      async (request) => {
        const query = request.query as { GHDWDM?: string; DJBH?: string; NY?: string };
        const key = withFilterLabel(request, () => ({
          vendorCode: required('GHDWDM', query.GHDWDM),
          contractNo: required('DJBH', query.DJBH),
          month: required('NY', query.NY, 'month'),
        }));
        const scope = financeScope(currentUser(request));
        const value = await searchFeeNotice(db, kind, key, scope, { timeZone: config.timeZone });
        return { state: true as const, value };
      },
    );
  }
}
