import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { offsetsOf } from './offsets';

/**
 * Which items of a list of varying heights to draw: those in view plus `overscan` either side.
 * An item counts as `estimate` tall until it is drawn and measured (offsets.ts does the sums,
 * in the number of measured items). The sizes belong to the list's contents: a new
 * `generation` (another sort, another filter) starts them again. When an item above the view
 * turns out taller or shorter than counted, the list scrolls by the difference before the
 * frame is painted, so what the reader looks at does not jump (done here rather than left to
 * the browser's scroll anchoring, which not every phone's browser has).
 */
export function useMeasuredRange({
  count,
  generation,
  estimate,
  gap,
  viewport,
  overscan,
  scroller,
  onRange,
}: {
  count: number;
  /** Changes when the list's contents do: the sizes measured before no longer apply. */
  generation: string;
  /** An item's usual height with the gap under it. */
  estimate: number;
  /** The gap under each item (its bottom margin). */
  gap: number;
  viewport: number;
  overscan: number;
  scroller: RefObject<HTMLElement | null>;
  onRange?: ((first: number, last: number) => void) | undefined;
}) {
  // Measured sizes by index, replaced (not changed) when one differs; the observer reads the
  // latest through the ref, between renders.
  const [measured, setMeasured] = useState(() => ({
    generation,
    sizes: emptySizes,
  }));
  if (measured.generation !== generation) setMeasured({ generation, sizes: new Map() });
  const sizes = measured.generation === generation ? measured.sizes : emptySizes;
  const sizesNow = useRef(sizes);
  const [scrollTop, setScrollTop] = useState(0);
  const offsets = useMemo(() => offsetsOf(count, estimate, sizes), [count, estimate, sizes]);
  const offsetsNow = useRef(offsets);
  // Before the observer's next report (which comes after layout, before paint).
  useLayoutEffect(() => {
    sizesNow.current = sizes;
    offsetsNow.current = offsets;
  }, [sizes, offsets]);

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let next: Map<number, number> | undefined;
            for (const entry of entries) {
              const item = entry.target as HTMLElement;
              const index = Number(item.dataset.index);
              if (!item.isConnected || !Number.isInteger(index)) continue;
              const size = item.offsetHeight + gap;
              const before = (next ?? sizesNow.current).get(index) ?? estimate;
              if (size === before) continue;
              const list = scroller.current;
              if (list && offsetsNow.current.start(index) + before <= list.scrollTop)
                list.scrollTop += size - before;
              next ??= new Map(sizesNow.current);
              next.set(index, size);
            }
            if (next) {
              const sizes = next;
              sizesNow.current = sizes;
              setMeasured((current) => ({ ...current, sizes }));
            }
          }),
    [estimate, gap, scroller],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  /** A ref for each drawn item (with data-index): it is measured while drawn. */
  const measure = useCallback(
    (item: HTMLElement | null) => {
      if (!item || !observer) return;
      observer.observe(item);
      return () => observer.unobserve(item);
    },
    [observer],
  );

  const lastItem = Math.max(0, count - 1);
  const firstInView = Math.min(lastItem, offsets.indexAt(scrollTop));
  const lastInView = Math.min(lastItem, offsets.indexAt(scrollTop + Math.max(0, viewport - 1)));
  const first = Math.max(0, firstInView - overscan);
  const last = Math.min(count, lastInView + 1 + overscan);
  useEffect(() => onRange?.(firstInView, lastInView), [onRange, firstInView, lastInView]);
  return {
    first,
    last,
    before: offsets.start(first),
    after: offsets.total - offsets.start(last),
    total: offsets.total,
    measure,
    onScroll: (top: number) => setScrollTop(top),
  };
}

const emptySizes: ReadonlyMap<number, number> = new Map();
