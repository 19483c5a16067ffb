import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../contract';
import { financeCallsOf } from '../../../../src/contract/finance';
import { parseFilter, required } from '../../../domain/finance/filters';
import { financeScope } from '../../../domain/finance/scope';
import { invoicesOf } from '../../../domain/finance/search/invoices';
import { currentUser } from '../../../plugins/auth';
import { withFilterLabel } from './labels';

/**
 * POST getKpmxqk: the invoices of a contract's month. The client reads `code`, so "none"
 * (including another merchant's contract) is HTTP 200 with code 500 and the spec's message.
 */
export async function invoiceRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;
  addRoute(app, financeCallsOf(app.deps.config.product).invoices, async (request) => {
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
  });
}
