import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Time one slice may take before the browser gets the main thread back. */
const sliceBudgetMs = 40;
const firstSlice = 8;
/** However slow the machine, a slice holds a few sheets, so a batch always moves on. */
const minSlice = 4;
const maxSlice = 400;

/**
 * How many of `total` sheets to show. A batch of a thousand notices is laid out in slices,
 * one task each, so the window paints, shows progress and answers input in between instead
 * of freezing for one long render. The slice size adapts: each slice is sized from how long
 * the previous one took to render, aiming at about 40 ms.
 */
export function useIncremental(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, firstSlice));
  const slice = useRef(firstSlice);
  const started = useRef(performance.now());
  // After each commit: how long did this slice take, how big should the next one be?
  useLayoutEffect(() => {
    const elapsed = Math.max(1, performance.now() - started.current);
    slice.current = Math.max(
      minSlice,
      Math.min(maxSlice, Math.round((slice.current * sliceBudgetMs) / elapsed)),
    );
  }, [shown]);
  useEffect(() => {
    if (shown >= total) return;
    // A task, not a microtask: the browser paints and handles input between slices.
    const timer = setTimeout(() => {
      started.current = performance.now();
      setShown((count) => Math.min(total, count + slice.current));
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
