import type { FastifyInstance } from 'fastify';
import { executeSqlRoute } from './execute-sql';
import { exportRoute } from './export';
import { invoiceRoutes } from './invoices';
import { searchRoutes } from './search';

/** Merchant finance: named queries, the print views' searches, invoices. */
export async function financeRoutes(app: FastifyInstance) {
  await app.register(executeSqlRoute);
  await app.register(exportRoute);
  await app.register(searchRoutes);
  await app.register(invoiceRoutes);
}
