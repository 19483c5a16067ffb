import type { RuleFailure } from '../rules/types';

/** Favourite flows: at most 11 (spec/workflow-office.md sections 5 and 9). */
export const maxFavouriteFlows = 11;

/** Who a flow is started for: the user themself, or a leader they are secretary of. */
export interface StarterChoice {
  /** '' is the blank option of the starter select. */
  mode: '' | 'self' | 'leader';
  leaderId: string;
}

/**
 * The flow starter's checks (section 5): the blank option gives "请选择一个发起人";
 * choosing to start for a leader without choosing the leader gives "请选择代为审批的领导".
 * Answers the leader id to start for ('0' for oneself) or the failure.
 */
export function checkStarter(
  choice: StarterChoice,
): { leaderId: string } | { failure: RuleFailure } {
  if (choice.mode === '') return { failure: { key: 'workflow:starter.pickStarter' } };
  if (choice.mode === 'self') return { leaderId: '0' };
  if (!choice.leaderId) return { failure: { key: 'workflow:starter.pickLeader' } };
  return { leaderId: choice.leaderId };
}

/**
 * Adds or removes a favourite flow. Adding beyond the limit is refused with
 * "最多可添加11个常用流程" and leaves the list as it was.
 */
export function toggleFavourite(
  keys: readonly string[],
  defKey: string,
): { keys: string[] } | { failure: RuleFailure } {
  if (keys.includes(defKey)) return { keys: keys.filter((key) => key !== defKey) };
  if (keys.length >= maxFavouriteFlows)
    return { failure: { key: 'workflow:starter.favouriteLimit' } };
  return { keys: [...keys, defKey] };
}

/** Groups flows by category in the categories' order; empty categories are left out. */
export function groupByCategory<F extends { typeId: string }, C extends { id: string }>(
  categories: readonly C[],
  flows: readonly F[],
): (C & { flowList: F[] })[] {
  return categories
    .map((category) => ({
      ...category,
      flowList: flows.filter((flow) => flow.typeId === category.id),
    }))
    .filter((group) => group.flowList.length > 0);
}
