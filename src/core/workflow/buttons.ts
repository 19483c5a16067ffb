/** A task button as getButtonsBytaskId answers it. */
export type { TaskButton } from '../../contract/workflow-tasks';

/** The special aliases the spec moves to the end, in this order. */
const trailing = ['startTrans', 'lockUnlock', 'endProcess', 'saveDraft'];

/**
 * The spec's button order (section 4): startTrans, lockUnlock, endProcess and saveDraft go
 * to the end in that order; while adding a signature there is no lockUnlock and no inqu.
 * Other buttons keep the server's order. Applying it twice changes nothing, so answers of
 * a server that already orders them come out the same.
 */
export function orderButtons<B extends { alias: string }>(
  buttons: readonly B[],
  isAddSign: boolean,
): B[] {
  const dropped = new Set(isAddSign ? ['lockUnlock', 'inqu'] : []);
  const kept = buttons.filter((button) => !dropped.has(button.alias));
  const head = kept.filter((button) => !trailing.includes(button.alias));
  const tail = trailing.flatMap((alias) => kept.filter((button) => button.alias === alias));
  return [...head, ...tail];
}
