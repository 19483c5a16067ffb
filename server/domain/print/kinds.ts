import {
  batchKinds,
  kindParams,
  singleKinds,
  type BatchKind,
  type ParamSpec,
  type SingleKind,
} from '../../../src/contract/print';
import { parseFilter } from '../finance/filters';
import { badRequest } from '../../lib/errors';

/**
 * The print views of spec/merchant-finance.md section 2 (print pages table): six kinds of
 * document opened one at a time, four of them also as a batch (`_all`) driven by the query
 * of the list that opened them. The kinds and their parameters are the contract's
 * (src/contract/print.ts), which the browser reads too; here they are parsed.
 */
export {
  batchKinds,
  kindParams,
  singleKinds,
  type BatchKind,
  type RouteKind,
  type SingleKind,
} from '../../../src/contract/print';

/** The list query a batch view prints: the very descriptor the list ran (same scope, order). */
export const batchQueries: Record<BatchKind, string> = {
  yjftzd: 'statement.yjfytzd',
  lyfyjsd: 'statement.lyfyjsd',
  zlfymxd: 'statement.zlfymxd',
  shcjftzd: 'overdue.list',
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
  for (const [name, spec] of Object.entries<ParamSpec>(kindParams[kind])) {
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
