import { useEffect, useRef, useState, type DependencyList } from 'react';
import { formRecords, type FormFilter } from '../../core/api/forms';

/**
 * A form list's total, counted once per filter (docs/decisions.md, "Lists at any size"): the
 * first page asks `estimate` (exact up to 1,000, else the planner's estimate, labelled), then
 * the exact count is asked in the background and replaces it; other pages ask `none` and
 * keep the total. A new filter, sort or reload (`deps`) starts again.
 */
export function useTotal(templateKey: string, filter: () => FormFilter, deps: DependencyList) {
  const [counted, setCounted] = useState<{ total: number; estimated: boolean } | undefined>();
  // Which filter the total belongs to: an answer for an older one is dropped.
  const generation = useRef(0);
  const known = useRef(false);
  useEffect(() => {
    generation.current += 1;
    known.current = false;
    setCounted(undefined);
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    total: counted?.total,
    estimated: counted?.estimated ?? false,
    mode: (page: number): NonNullable<FormFilter['count']> =>
      page === 1 || !known.current ? 'estimate' : 'none',
    /** A page's answer: its total (not -1) becomes the list's; an estimate asks the exact. */
    take(answer: { total: number; estimated?: boolean } | undefined) {
      if (!answer || answer.total < 0) return;
      const mine = generation.current;
      known.current = true;
      setCounted({ total: answer.total, estimated: answer.estimated === true });
      if (!answer.estimated) return;
      const exact = { ...filter(), pageBean: { page: 1, pageSize: 1 }, count: 'exact' as const };
      void formRecords(templateKey, exact).then((found) => {
        if (generation.current === mine) setCounted({ total: found.total, estimated: false });
      });
    },
  };
}
