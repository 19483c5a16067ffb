import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseFilter, required } from '../../../domain/finance/filters';
import { financeScope } from '../../../domain/finance/scope';
import { invoicesOf } from '../../../domain/finance/search/invoices';
import { currentUser } from '../../../plugins/auth';
import { withFilterLabel } from './labels';

const invoice = Type.Object({
  f_pp: Type.String(),
  f_kpny: Type.String(),
  f_fyxm: Type.String(),
  f_fyje: Type.Number(),
  f_pdfwj: Type.String(),
  f_xmlwj: Type.String(),
  f_ofdwj: Type.String(),
});

/**
 * POST getKpmxqk: the invoices of a contract's month. The client reads `code`, so "none"
 * (including another merchant's contract) is HTTP 200 with code 500 and the spec's message.
 */
export async function invoiceRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;
  app.post(
    '/bpm/haiyaapi/getKpmxqk',
    {
      schema: {
        summary: "The invoices (PDF, XML and OFD file ids) of a contract's month",
        security: [{ bearer: [] }],
        body: Type.Object({
          ghdwdm: Type.Optional(Type.String({ maxLength: 32 })),
          kpny: Type.String({ maxLength: 16 }),
          hth: Type.String({ maxLength: 64 }),
        }),
        response: {
          200: Type.Union([
            Type.Object({ code: Type.Literal(200), data: Type.Array(invoice) }),
            Type.Object({ code: Type.Literal(500), message: Type.String() }),
          ]),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const key = withFilterLabel(request, () => ({
        contractNo: required('hth', body.hth),
        month: required('kpny', body.kpny, 'month'),
        vendorCode: parseFilter('ghdwdm', { kind: 'code' }, body.ghdwdm) ?? '',
      }));
      const scope = financeScope(currentUser(request));
      const data = await invoicesOf(db, key, scope);
      if (data.length === 0) {
        return { code: 500 as const, message: request.t('server:finance.invoiceNone') };
      }
      return { code: 200 as const, data };
    },
  );
}
