import type { Db } from '../../db/database';
import type { EdgeContext, EdgeRow } from '../finance/define-query';
import { unpagedLimit } from '../finance/query-limits';
import { parseDescriptor, type Descriptor } from '../finance/descriptor';
import { namedQueries } from '../finance/registry';
import type { FinanceScope } from '../finance/scope';
import { badRequest } from '../../lib/errors';
import { batchQueries, type BatchKind } from './kinds';

/**
 * The stored query of a batch view: the descriptor the list ran (`{ query, filters, sort? }`),
 * validated by the same parser as the generic query call, and restricted to the one list
 * query of the kind. `canonical` is its normal form, which a print link carries and compares.
 */
export interface CanonicalDescriptor {
  query: string;
  filters: Record<string, string>;
  sort: { field: string; direction: 'asc' | 'desc' }[];
}

export interface BatchDescriptor {
  canonical: CanonicalDescriptor;
  parsed: Descriptor;
}

/** A batch prints at most what one unpaged list answer holds. */
export const maxBatchRecords = unpagedLimit;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseBatchDescriptor(kind: BatchKind, input: unknown): BatchDescriptor {
  const query = batchQueries[kind];
  if (!isObject(input)) throw badRequest('print:errors.batchDescriptor');
  if (input.query !== query) throw badRequest('print:errors.batchQuery', { query });
  // Every row is printed, so the list's page does not apply. The rest goes through the
  // generic call's own parser (as the base64 text it reads), so both refuse the same things.
  const { page: _page, ...rest } = input;
  const param = Buffer.from(JSON.stringify(rest), 'utf8').toString('base64');
  const parsed = parseDescriptor(param, new Map([[query, namedQueries.get(query)!]]));
  const filters = Object.fromEntries(
    Object.entries(parsed.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { canonical: { query, filters, sort: parsed.sort }, parsed };
}

export function sameDescriptor(a: CanonicalDescriptor, b: CanonicalDescriptor): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every row of the list the caller may see, in list order (scope and order are the list's). */
export async function listRows(
  db: Db,
  descriptor: Descriptor,
  scope: FinanceScope,
  context: EdgeContext,
): Promise<EdgeRow[]> {
  const answer = await descriptor.query.run(
    db,
    { ...descriptor, page: null, count: 'exact', after: null },
    scope,
    context,
  );
  const total = answer.total ?? 0;
  if (total > answer.rows.length) {
    throw badRequest('print:errors.tooMany', { max: maxBatchRecords, total });
  }
  return answer.rows;
}
