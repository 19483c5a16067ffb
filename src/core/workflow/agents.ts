import type { RuleFailure } from '../rules/types';

export interface AgentRuleInput {
  agentId: string;
  startDate: string;
  endDate: string;
  /** 1: all flows, 2: the listed ones. */
  type: 1 | 2;
  defKeys: string[];
}

const dateTime = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "yyyy-MM-dd HH:mm[:ss]" (or the browser's "yyyy-MM-ddTHH:mm") as the server takes it. */
export function businessDateTime(text: string): string | undefined {
  const match = dateTime.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match;
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!));
  if (date.getUTCDate() !== +d! || date.getUTCMonth() !== +mo! - 1 || +h! > 23 || +mi! > 59)
    return undefined;
  return `${y}-${mo}-${d} ${h}:${mi}`;
}

/**
 * A delegation rule before it is sent: a person, a valid period whose end comes after its
 * start, and at least one flow when the rule lists flows. The server checks again (and
 * refuses overlapping enabled rules).
 */
export function checkAgentRule(rule: AgentRuleInput): RuleFailure | undefined {
  if (!rule.agentId.trim()) return { key: 'workflow:agents.personRequired' };
  const start = businessDateTime(rule.startDate);
  const end = businessDateTime(rule.endDate);
  if (!start || !end) return { key: 'workflow:agents.dateInvalid' };
  if (end <= start) return { key: 'workflow:agents.periodInvalid' };
  if (rule.type === 2 && rule.defKeys.length === 0) return { key: 'workflow:agents.flowsRequired' };
  return undefined;
}
