import { Value } from 'typebox/value';
import {
  countMode,
  cursor,
  descriptorPage,
  maxPageSize,
  maxSortTerms,
  queryDescriptor,
  sortTerm,
} from '../../../src/contract/finance';
import { badRequest, UserError } from '../../lib/errors';
import type { NamedQuery, CountMode, Page, QueryRequest, SortTerm } from './define-query';
import { parseFilters } from './filters';
import { parseRequestJson } from '../../lib/safe-input';

/**
 * The generic query endpoint's `param`: base64 of the contract's JSON descriptor
 * (`queryDescriptor`), read here as the query it names, its checked filters, page and sort.
 * The original client sent SQL text here; anything that is not exactly a descriptor naming a
 * registered query is refused with 400. Each part is checked with its own schema, so that
 * the refusal says which part is wrong.
 */
export interface Descriptor extends QueryRequest {
  query: NamedQuery;
}

const topLevelKeys = new Set(Object.keys(queryDescriptor.properties));
const base64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const looksLikeSql = /^\s*(select|with|insert|update|delete|drop|create|alter|exec|call)\b/i;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** base64 (standard or URL-safe) to UTF-8 text. A '+' turned into ' ' by a lax URL is put back. */
function decodeParam(param: string): string {
  const text = param.trim().replace(/ /g, '+');
  if (!base64.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw badRequest('server:finance.paramNotBase64');
  }
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('server:finance.paramNotBase64');
  }
}

function parseJson(text: string): unknown {
  if (looksLikeSql.test(text)) throw badRequest('server:finance.sqlRejected');
  try {
    return parseRequestJson(text);
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw badRequest('server:finance.paramNotJson');
  }
}

function parsePage(value: unknown): Page | null {
  if (value === undefined || value === null) return null;
  if (!Value.Check(descriptorPage, value)) {
    throw badRequest('server:finance.pageInvalid', { max: maxPageSize });
  }
  return { page: value.page, pageSize: value.pageSize };
}

function parseSort(value: unknown, query: NamedQuery): SortTerm[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > maxSortTerms) {
    throw badRequest('server:finance.sortInvalid', { max: maxSortTerms });
  }
  // Term by term: a term of the wrong shape and a field the query does not sort by are
  // refused in the order the terms come.
  return value.map((term: unknown) => {
    if (!Value.Check(sortTerm, term)) {
      throw badRequest('server:finance.sortInvalid', { max: maxSortTerms });
    }
    if (!query.sortable.includes(term.field)) {
      throw badRequest('server:finance.sortField', {
        query: query.name,
        field: term.field.slice(0, 64),
      });
    }
    return { field: term.field, direction: term.direction };
  });
}

function parseCount(value: unknown): CountMode {
  if (value === undefined || value === null) return 'exact';
  if (!Value.Check(countMode, value)) throw badRequest('server:finance.countInvalid');
  return value;
}

/** The cursor is checked (signature, shape) when the query runs, where its order is known. */
function parseAfter(value: unknown, page: Page | null): string | null {
  if (value === undefined || value === null) return null;
  if (!Value.Check(cursor, value)) throw badRequest('server:finance.cursorInvalid');
  if (!page) throw badRequest('server:finance.cursorWithoutPage');
  return value;
}

export function parseDescriptor(
  param: string,
  registry: ReadonlyMap<string, NamedQuery>,
): Descriptor {
  const descriptor = parseJson(decodeParam(param));
  if (!isPlainObject(descriptor)) throw badRequest('server:finance.paramNotDescriptor');
  for (const key of Object.keys(descriptor)) {
    if (key.toLowerCase() === 'sql') throw badRequest('server:finance.sqlRejected');
    if (!topLevelKeys.has(key)) {
      throw badRequest('server:finance.descriptorKeyUnknown', { key: key.slice(0, 64) });
    }
  }
  const name = descriptor.query;
  const query = typeof name === 'string' ? registry.get(name) : undefined;
  if (!query) {
    throw badRequest('server:finance.queryUnknown', {
      query: typeof name === 'string' ? name.slice(0, 64) : '',
    });
  }
  const page = parsePage(descriptor.page);
  return {
    query,
    filters: parseFilters(query.filters, descriptor.filters),
    page,
    sort: parseSort(descriptor.sort, query),
    count: parseCount(descriptor.count),
    after: parseAfter(descriptor.after, page),
  };
}
