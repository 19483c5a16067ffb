import type { Db } from '../../db/database';
import type { EdgeContext, EdgeRow } from '../finance/define-query';
import { financeScope } from '../finance/scope';
import { searchConfirmation, searchSettlement } from '../finance/search/settlement';
import type { FileStorage } from '../storage';
import type { PrintCaller } from './access';
import { listRows, type BatchDescriptor } from './batch';
import { locateDunning, printDunning, printDunnings } from './dunning';
import { locateNotice, printNotice, printNotices, type Viewer } from './fee-notices';
import type { BatchKind, PrintParams, SingleKind } from './kinds';
import { readBankAccounts, readSeal } from './settings';

/**
 * One print view or batch, read for the caller (session or link user) in their scope. The
 * settlement statement and its invoicing confirmation are the finance searches' answers;
 * the notices add the upload time, the dunning notices the bank account and the seal.
 */
export interface PrintDeps {
  db: Db;
  storage: FileStorage;
  context: EdgeContext;
}

function viewerOf(caller: PrintCaller): Viewer {
  return {
    account: caller.user.account,
    scope: financeScope(caller.user),
    now: new Date(),
  };
}

const statementKey = (params: PrintParams) => ({
  recordNo: params.JLBH!,
  ...(params.HSFS ? { mode: params.HSFS } : {}),
});
const noticeKey = (params: PrintParams) => ({
  contractNo: params.DJBH || params.HTH!,
  month: params.NY!,
});

export async function printView(
  deps: PrintDeps,
  kind: SingleKind,
  params: PrintParams,
  caller: PrintCaller,
): Promise<unknown> {
  const { db, context } = deps;
  const viewer = viewerOf(caller);
  switch (kind) {
    case 'fkqkd':
      return searchSettlement(db, statementKey(params), viewer.scope);
    case 'kpqrd':
      return searchConfirmation(db, statementKey(params), viewer.scope);
    case 'yjftzd':
    case 'lyfyjsd':
    case 'zlfymxd':
      return printNotice(db, kind, noticeKey(params), viewer, context);
    case 'shcjftzd': {
      const accountOf = await readBankAccounts(db);
      const record = await printDunning(db, params.ID!, viewer, accountOf, context);
      return { record, seal: await readSeal(db, deps.storage) };
    }
  }
}

export interface BatchAnswer {
  rows: EdgeRow[];
  total: number;
  seal?: string;
}

export async function printBatch(
  deps: PrintDeps,
  kind: BatchKind,
  descriptor: BatchDescriptor,
  caller: PrintCaller,
): Promise<BatchAnswer> {
  const { db, context } = deps;
  const viewer = viewerOf(caller);
  if (kind !== 'shcjftzd') {
    const rows = await printNotices(db, kind, descriptor, viewer, context);
    return { rows, total: rows.length };
  }
  const accountOf = await readBankAccounts(db);
  const rows = await printDunnings(db, descriptor, viewer, accountOf, context);
  return { rows, total: rows.length, seal: await readSeal(db, deps.storage) };
}

/** What opening a batch will do, said to the user before it happens (issue 13 item 5). */
export interface BatchPreview {
  /** Documents the batch view will show. */
  documents: number;
  /** Of those, notices that opening it confirms (with the viewer's name and this time). */
  toConfirm: number;
}

/** Counts a batch without opening it: nothing is confirmed, nothing is written. */
export async function previewBatch(
  deps: PrintDeps,
  kind: BatchKind,
  descriptor: BatchDescriptor,
  caller: PrintCaller,
): Promise<BatchPreview> {
  const viewer = viewerOf(caller);
  const rows = await listRows(deps.db, descriptor.parsed, viewer.scope, deps.context);
  // Dunning notices record an upload time but are not confirmed by opening them.
  const toConfirm = kind === 'shcjftzd' ? 0 : rows.filter((row) => !row.CONFIRM_DATE).length;
  return { documents: rows.length, toConfirm };
}

/** Before a link is made for a document: it must exist and be the caller's to see (else 404). */
export async function assertVisible(
  deps: PrintDeps,
  kind: SingleKind,
  params: PrintParams,
  caller: PrintCaller,
): Promise<void> {
  const { db } = deps;
  const viewer = viewerOf(caller);
  switch (kind) {
    case 'fkqkd':
      await searchSettlement(db, statementKey(params), viewer.scope);
      return;
    case 'kpqrd':
      await searchConfirmation(db, statementKey(params), viewer.scope);
      return;
    case 'yjftzd':
    case 'lyfyjsd':
    case 'zlfymxd':
      await locateNotice(db, kind, noticeKey(params), viewer.scope);
      return;
    case 'shcjftzd':
      await locateDunning(db, params.ID!, viewer);
  }
}
