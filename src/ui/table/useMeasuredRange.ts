import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';

/**
 * Which items of a list of varying heights to draw: those in view plus `overscan` either side.
 * An item counts as `estimate` tall until it is drawn and measured; sizes are kept by the
 * item's key, so a measured card keeps its height when it scrolls away and back. When an item
 * above the view turns out taller or shorter than counted, the list scrolls by the difference
 * before the frame is painted, so what the reader looks at does not jump (done here rather
 * than left to the browser's scroll anchoring, which not every phone's browser has).
 */
export function useMeasuredRange({
  count,
  keyAt,
  estimate,
  gap,
  viewport,
  overscan,
  scroller,
  onRange,
}: {
  count: number;
  /** The key of the item at an index, or undefined while it is not loaded. */
  keyAt: (index: number) => string | undefined;
  /** An item's usual height with the gap under it. */
  estimate: number;
  /** The gap under each item (its bottom margin). */
  gap: number;
  viewport: number;
  overscan: number;
  scroller: RefObject<HTMLElement | null>;
  onRange?: ((first: number, last: number) => void) | undefined;
}) {
  // The measured sizes, replaced (not changed) when a measurement differs, so the starts below
  // follow them; the observer reads the latest through the ref, between renders.
  const [sizes, setSizes] = useState(() => new Map<string, number>());
  const sizesNow = useRef(sizes);
  const [scrollTop, setScrollTop] = useState(0);

  // Where each item starts; starts[count] is the whole list's height.
  const starts = useMemo(() => {
    const result = new Float64Array(count + 1);
    for (let index = 0; index < count; index++) {
      const key = keyAt(index);
      result[index + 1] = result[index]! + ((key && sizes.get(key)) || estimate);
    }
    return result;
  }, [count, keyAt, estimate, sizes]);
  const startsNow = useRef(starts);
  // Before the observer's next report (which comes after layout, before paint).
  useLayoutEffect(() => {
    startsNow.current = starts;
  }, [starts]);

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let next: Map<string, number> | undefined;
            for (const entry of entries) {
              const item = entry.target as HTMLElement;
              const key = item.dataset.key;
              if (!key || !item.isConnected) continue;
              const size = item.offsetHeight + gap;
              const before = (next ?? sizesNow.current).get(key) ?? estimate;
              if (size === before) continue;
              const end = (startsNow.current[Number(item.dataset.index)] ?? 0) + before;
              const list = scroller.current;
              if (list && end <= list.scrollTop) list.scrollTop += size - before;
              next ??= new Map(sizesNow.current);
              next.set(key, size);
            }
            if (next) {
              sizesNow.current = next;
              setSizes(next);
            }
          }),
    [estimate, gap, scroller],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  /** A ref for each drawn item (with data-key and data-index): it is measured while drawn. */
  const measure = useCallback(
    (item: HTMLElement | null) => {
      if (!item || !observer) return;
      observer.observe(item);
      return () => observer.unobserve(item);
    },
    [observer],
  );

  const firstInView = Math.max(0, lastStartAtOrBefore(starts, scrollTop));
  const lastInView = Math.min(
    Math.max(0, count - 1),
    lastStartAtOrBefore(starts, scrollTop + Math.max(0, viewport - 1)),
  );
  const first = Math.max(0, firstInView - overscan);
  const last = Math.min(count, lastInView + 1 + overscan);
  useEffect(() => onRange?.(firstInView, lastInView), [onRange, firstInView, lastInView]);
  return {
    first,
    last,
    before: starts[first] ?? 0,
    after: (starts[count] ?? 0) - (starts[last] ?? 0),
    total: starts[count] ?? 0,
    measure,
    onScroll: (top: number) => setScrollTop(top),
  };
}

/** The index of the last item that starts at or before `offset` (binary search). */
function lastStartAtOrBefore(starts: Float64Array, offset: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
