import type { FastifyInstance } from 'fastify';
import { executeSqlRoute } from './execute-sql';
import { invoiceRoutes } from './invoices';
import { searchRoutes } from './search';

/** Merchant finance: named queries, the print views' searches, invoices. */
export async function financeRoutes(app: FastifyInstance) {
  await app.register(executeSqlRoute);
  await app.register(searchRoutes);
  await app.register(invoiceRoutes);
}
