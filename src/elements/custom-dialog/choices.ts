import type { DialogRow } from '../../core/api/custom-dialog';

/** A chosen value: what goes into the form, what the chip says, and its row when known. */
export interface Choice {
  value: string;
  label: string;
  /** Null for a value the page set whose row was never loaded. */
  row: DialogRow | null;
}

/**
 * Toggles a row in the draft choice. With a limit of 1 a new row replaces the old one;
 * with a limit n > 1 nothing is added once n are chosen (the caller says why).
 */
export function toggle(draft: Choice[], choice: Choice, limit: number): Choice[] {
  if (draft.some((item) => item.value === choice.value))
    return draft.filter((item) => item.value !== choice.value);
  if (limit === 1) return [choice];
  if (limit > 1 && draft.length >= limit) return draft;
  return [...draft, choice];
}
