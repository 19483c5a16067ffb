import { parseFilter, type FilterKind } from '../finance/filters';
import { badRequest } from '../../lib/errors';

/**
 * The print views of spec/merchant-finance.md section 2 (print pages table): six kinds of
 * document opened one at a time, four of them also as a batch (`_all`) driven by the query
 * of the list that opened them.
 */
export const singleKinds = ['fkqkd', 'kpqrd', 'yjftzd', 'lyfyjsd', 'zlfymxd', 'shcjftzd'] as const;
export type SingleKind = (typeof singleKinds)[number];

export const batchKinds = ['yjftzd', 'lyfyjsd', 'zlfymxd', 'shcjftzd'] as const;
export type BatchKind = (typeof batchKinds)[number];

/** A route kind as the host names it: `lyfyjsd` or `lyfyjsd_all`. */
export type RouteKind = SingleKind | `${BatchKind}_all`;

/** The list query a batch view prints: the very descriptor the list ran (same scope, order). */
export const batchQueries: Record<BatchKind, string> = {
  yjftzd: 'statement.yjfytzd',
  lyfyjsd: 'statement.lyfyjsd',
  zlfymxd: 'statement.zlfymxd',
  shcjftzd: 'overdue.list',
};

interface ParamSpec {
  kind: FilterKind;
  required: boolean;
}

const required = (kind: FilterKind): ParamSpec => ({ kind, required: true });
const recordNo = { JLBH: required('text'), HSFS: { kind: 'text', required: false } as ParamSpec };
const contractMonth = (key: 'DJBH' | 'HTH') => ({ [key]: required('text'), NY: required('month') });

/** Each kind's parameters, named as in the print routes' query strings. */
export const kindParams: Record<SingleKind, Record<string, ParamSpec>> = {
  fkqkd: recordNo,
  kpqrd: recordNo,
  yjftzd: contractMonth('DJBH'),
  lyfyjsd: contractMonth('DJBH'),
  zlfymxd: contractMonth('HTH'),
  shcjftzd: { ID: required('id') },
};

/** Validated parameters: every parameter of the kind, trimmed; '' for an optional one unset. */
export type PrintParams = Readonly<Record<string, string>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The kind's parameters from a request body or a link request. Unknown parameters are
 * ignored (the host passes its whole query string); known ones follow the finance filter
 * rules (trimmed text, no control characters, real months, record ids).
 */
export function parseParams(kind: SingleKind, input: unknown): PrintParams {
  if (input !== undefined && input !== null && !isObject(input)) {
    throw badRequest('print:errors.paramsMissing');
  }
  const given = input ?? {};
  const params: Record<string, string> = {};
  for (const [name, spec] of Object.entries(kindParams[kind])) {
    const value = parseFilter(name, { kind: spec.kind }, given[name]);
    if (value === undefined && spec.required) {
      throw badRequest('server:finance.filterRequired', { filter: name });
    }
    params[name] = value ?? '';
  }
  return params;
}

export function isSingleKind(kind: string): kind is SingleKind {
  return (singleKinds as readonly string[]).includes(kind);
}

/** `lyfyjsd_all` → `lyfyjsd`; null for anything that is not a batch route kind. */
export function batchKindOf(kind: string): BatchKind | null {
  if (!kind.endsWith('_all')) return null;
  const base = kind.slice(0, -'_all'.length);
  return (batchKinds as readonly string[]).includes(base) ? (base as BatchKind) : null;
}

/** Two parameter sets are the same document when every parameter of the kind matches. */
export function sameParams(kind: SingleKind, a: PrintParams, b: PrintParams): boolean {
  return Object.keys(kindParams[kind]).every((name) => (a[name] ?? '') === (b[name] ?? ''));
}
