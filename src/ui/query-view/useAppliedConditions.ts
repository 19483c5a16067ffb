import { useState } from 'react';

/**
 * Condition values as typed, and as applied by the last 查询 (which goes back to page 1):
 * the rows follow the applied ones, so typing alone fetches nothing.
 */
export function useAppliedConditions() {
  const [values, setValues] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
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
