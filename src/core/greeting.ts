export type GreetingKey =
  | 'common:greeting.earlyMorning'
  | 'common:greeting.morning'
  | 'common:greeting.forenoon'
  | 'common:greeting.noon'
  | 'common:greeting.afternoon'
  | 'common:greeting.evening';

/**
 * The greeting for an hour of the local clock (spec: shell section 9). "Up to N" is read as
 * hour <= N: 0–6 early morning, 7–8 morning, 9–11 forenoon, 12–13 noon, 14–18 afternoon,
 * 19–23 evening.
 */
export function greetingKey(hour: number = new Date().getHours()): GreetingKey {
  if (hour <= 6) return 'common:greeting.earlyMorning';
  if (hour <= 8) return 'common:greeting.morning';
  if (hour <= 11) return 'common:greeting.forenoon';
  if (hour <= 13) return 'common:greeting.noon';
  if (hour <= 18) return 'common:greeting.afternoon';
  return 'common:greeting.evening';
}
