import type {
  BatchPreview,
  BatchView,
  PrintAnswer,
  PrintView,
  SingleKind,
} from '../../../src/contract/print';
import type { Db } from '../../db/database';
import type { EdgeContext, EdgeRow } from '../finance/define-query';
import { financeScope } from '../finance/scope';
import { searchConfirmation, searchSettlement } from '../finance/search/settlement';
import type { FileStorage } from '../storage';
import type { PrintCaller } from './access';
import { listRows, type BatchDescriptor } from './batch';
import { locateDunning, printDunning, printDunnings } from './dunning';
import { locateNotice, printNotice, printNotices, type Viewer } from './fee-notices';
import type { BatchKind, PrintParams } from './kinds';
import { isNoticeMerchant } from './marks';
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

/** A print view's document, and what opening it did (for staff: a view, no confirmation). */
export type { PrintAnswer };

export async function printView(
  deps: PrintDeps,
  kind: SingleKind,
  params: PrintParams,
  caller: PrintCaller,
): Promise<PrintAnswer<PrintView<SingleKind>>> {
  const { db, context } = deps;
  const viewer = viewerOf(caller);
  switch (kind) {
    case 'fkqkd':
      return { value: await searchSettlement(db, statementKey(params), viewer.scope) };
    case 'kpqrd':
      return { value: await searchConfirmation(db, statementKey(params), viewer.scope) };
    case 'yjftzd':
    case 'lyfyjsd':
    case 'zlfymxd': {
      const { row, opened } = await printNotice(db, kind, noticeKey(params), viewer, context);
      return { value: row, opened };
    }
    case 'shcjftzd': {
      const accountOf = await readBankAccounts(db);
      const { record, opened } = await printDunning(db, params.ID!, viewer, accountOf, context);
      return { value: { record, seal: await readSeal(db, deps.storage) }, opened };
    }
  }
}

/** Every document of a batch, in list order (the contract's batch view). */
export type BatchAnswer = BatchView;

export async function printBatch(
  deps: PrintDeps,
  kind: BatchKind,
  descriptor: BatchDescriptor,
  caller: PrintCaller,
): Promise<PrintAnswer<BatchAnswer>> {
  const { db, context } = deps;
  const viewer = viewerOf(caller);
  if (kind !== 'shcjftzd') {
    const { rows, opened } = await printNotices(db, kind, descriptor, viewer, context);
    return { value: { rows, total: rows.length }, opened };
  }
  const accountOf = await readBankAccounts(db);
  const { rows, opened } = await printDunnings(db, descriptor, viewer, accountOf, context);
  return { value: { rows, total: rows.length, seal: await readSeal(db, deps.storage) }, opened };
}

/** What opening a batch will do, said to the user before it happens (issue 13 item 5). */
export type { BatchPreview };

/** Counts a batch without opening it: nothing is confirmed, nothing is written. */
export async function previewBatch(
  deps: PrintDeps,
  kind: BatchKind,
  descriptor: BatchDescriptor,
  caller: PrintCaller,
): Promise<BatchPreview> {
  const viewer = viewerOf(caller);
  const rows = await listRows(deps.db, descriptor.parsed, viewer.scope, deps.context);
  const dunning = kind === 'shcjftzd';
  const mine = (row: EdgeRow) =>
    isNoticeMerchant(viewer.scope.vendorCode, dunning ? row.F_GYSDM : row.WLDW);
  // Dunning notices record an upload time but are not confirmed by opening them; only a
  // notice's own merchant confirms it, staff opening it are recorded apart.
  const toConfirm = dunning ? 0 : rows.filter((row) => mine(row) && !row.CONFIRM_DATE).length;
  const staffViews = rows.filter((row) => !mine(row)).length;
  return { documents: rows.length, toConfirm, staffViews };
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
