/**
 * Validation results shared by the browser and the server. A failure names an i18next key
 * (namespace included, e.g. 'rules:login.accountRequired') plus its interpolation values;
 * translating is left to the caller, so these modules never load i18next.
 */
export interface RuleFailure {
  key: string;
  params?: Record<string, string | number>;
}

/** One failure per field at most: the first rule the field breaks. */
export type FieldFailures<Field extends string> = Partial<Record<Field, RuleFailure>>;

/**
 * What every rule treats as "nothing entered": undefined, null, false (an unticked box),
 * a string of only spaces and an empty list.
 */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Length in characters as people count them (one per code point, so 中 and 😀 are 1). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}
