import type { BatchKind, ParamName, RouteKind, SingleKind } from '../contract/print';

/**
 * The print kinds and their parameters are the contract's (src/contract/print.ts). The
 * browser imports the contract's types only (TypeBox stays out of the bundle), so the names
 * are written here again, checked: the compiler refuses a kind or a name the contract does
 * not have, and a missing one.
 */

/**
 * sessionStorage keys under which a list leaves its query for the batch print view that it
 * opens (spec: separate keys for advance, joint-operation and lease). The value is a query
 * descriptor (JSON), never SQL. One key per batch kind of the contract.
 */
export const batchPrintKeys = {
  yjftzd: 'atrium.print.advanceQuery',
  lyfyjsd: 'atrium.print.jointOperationQuery',
  zlfymxd: 'atrium.print.leaseQuery',
  shcjftzd: 'atrium.print.dunningQuery',
} as const satisfies Record<BatchKind, string>;

export type BatchPrintKind = BatchKind;
export type SinglePrintKind = SingleKind;
/** The print views: one per kind, and a batch view (`_all`) per list kind. */
export type PrintKind = RouteKind;

/** Each single kind's parameters, every one of the contract's and no other. */
const paramsByKind = {
  fkqkd: { JLBH: true, HSFS: true },
  kpqrd: { JLBH: true, HSFS: true },
  yjftzd: { DJBH: true, NY: true },
  lyfyjsd: { DJBH: true, NY: true },
  zlfymxd: { HTH: true, NY: true },
  shcjftzd: { ID: true },
} as const satisfies { [K in SingleKind]: Record<ParamName<K>, true> };

/** Each record's keys, by the record's own key (Object.keys forgets which keys they are). */
function keysByName<T extends Record<string, object>>(records: T) {
  const entries = Object.entries(records).map(([name, record]) => [name, Object.keys(record)]);
  return Object.fromEntries(entries) as { readonly [K in keyof T]: readonly (keyof T[K])[] };
}

/** The route parameters of each kind, as the print routes' query strings name them. */
export const printParamNames = keysByName(paramsByKind);

export const singlePrintKinds = Object.keys(paramsByKind) as SinglePrintKind[];

export const printKinds: PrintKind[] = [
  ...singlePrintKinds,
  ...(Object.keys(batchPrintKeys) as BatchPrintKind[]).map((kind) => `${kind}_all` as const),
];

export function isPrintKind(kind: string): kind is PrintKind {
  return (printKinds as string[]).includes(kind);
}

/** `lyfyjsd_all` → `lyfyjsd`; null for a single kind. */
export function batchBase(kind: PrintKind): BatchPrintKind | null {
  return kind.endsWith('_all') ? (kind.slice(0, -4) as BatchPrintKind) : null;
}
