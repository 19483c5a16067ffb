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
