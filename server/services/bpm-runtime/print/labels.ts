import type { FastifyRequest } from 'fastify';
import { UserError } from '../../../lib/errors';
import { kindParams } from '../../../domain/print/kinds';
import { withFilterLabel } from '../finance/labels';

const paramNames = new Set(Object.values(kindParams).flatMap((params) => Object.keys(params)));

/**
 * Runs a parse step and names the offending print parameter (JLBH, NY, ID, ...) or list
 * filter the way the page does, in the caller's language.
 */
export function withPrintLabel<T>(request: FastifyRequest, parse: () => T): T {
  try {
    return withFilterLabel(request, parse);
  } catch (error) {
    const filter = error instanceof UserError ? error.params.filter : undefined;
    if (!(error instanceof UserError) || typeof filter !== 'string' || !paramNames.has(filter)) {
      throw error;
    }
    const label = request.t(`print:params.${filter}`);
    throw new UserError(error.statusCode, error.key, { ...error.params, label });
  }
}
