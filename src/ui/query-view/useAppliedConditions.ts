import { useState } from 'react';

/**
 * Condition values as typed, and as applied by the last 查询 (which goes back to page 1):
 * the rows follow the applied ones, so typing alone fetches nothing. `initial`: values set
 * in advance (a menu link's presets), applied from the start.
 */
export function useAppliedConditions(initial: Record<string, string> = {}) {
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [applied, setApplied] = useState<Record<string, string>>(initial);
  const [page, setPage] = useState(1);
  return {
    values,
    applied,
    page,
    setPage,
    /** ConditionForm's own props. */
    form: {
      values,
      onChange: setValues,
      onSubmit: () => {
        setPage(1);
        setApplied({ ...values });
      },
    },
  };
}
