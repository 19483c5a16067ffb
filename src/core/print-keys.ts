/**
 * sessionStorage keys under which a list leaves its query for the batch print view that it
 * opens (spec: separate keys for advance, joint-operation and lease). The value is a query
 * descriptor (JSON), never SQL.
 */
export const batchPrintKeys = {
  yjftzd: 'atrium.print.advanceQuery',
  lyfyjsd: 'atrium.print.jointOperationQuery',
  zlfymxd: 'atrium.print.leaseQuery',
  shcjftzd: 'atrium.print.dunningQuery',
} as const;

export type BatchPrintKind = keyof typeof batchPrintKeys;

/** The print views: one per kind, and a batch view (`_all`) per list kind. */
export const singlePrintKinds = [
  'fkqkd',
  'kpqrd',
  'yjftzd',
  'lyfyjsd',
  'zlfymxd',
  'shcjftzd',
] as const;
export type SinglePrintKind = (typeof singlePrintKinds)[number];
export type PrintKind = SinglePrintKind | `${BatchPrintKind}_all`;

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
