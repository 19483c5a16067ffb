import type { FastifyRequest } from 'fastify';
import { UserError } from '../../../lib/errors';

/** Filter and parameter names that have a label in server:finance.filters. */
const labelled = new Set([
  'store',
  'startMonth',
  'endMonth',
  'startDate',
  'endDate',
  'contract',
  'merchant',
  'brand',
  'salesId',
  'DJBH',
  'HSFS',
  'GHDWDM',
  'NY',
  'ghdwdm',
  'kpny',
  'hth',
]);

/**
 * Runs a parse step and gives its error the filter's label in the caller's language, so the
 * message names the filter the way the page does ("开始月份（startMonth）...").
 */
export function withFilterLabel<T>(request: FastifyRequest, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const filter = error instanceof UserError ? error.params.filter : undefined;
    if (!(error instanceof UserError) || typeof filter !== 'string') throw error;
    const label = labelled.has(filter) ? request.t(`server:finance.filters.${filter}`) : filter;
    throw new UserError(error.statusCode, error.key, { ...error.params, label });
  }
}
