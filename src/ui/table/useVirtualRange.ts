import { useEffect } from 'react';

/**
 * Which items of a fixed-height list to draw: those in view plus `overscan` either side. The
 * owner of a paged source is told the range in view (without the overscan), to fetch it.
 */
export function useVirtualRange({
  count,
  itemHeight,
  viewport,
  scrollTop,
  overscan,
  onRange,
}: {
  count: number;
  itemHeight: number;
  viewport: number;
  scrollTop: number;
  overscan: number;
  onRange?: ((first: number, last: number) => void) | undefined;
}) {
  const firstInView = Math.floor(scrollTop / itemHeight);
  const lastInView = Math.max(0, Math.ceil((scrollTop + viewport) / itemHeight) - 1);
  const first = Math.max(0, firstInView - overscan);
  const last = Math.min(count, lastInView + 1 + overscan);
  const lastShown = Math.min(lastInView, Math.max(0, count - 1));
  useEffect(() => onRange?.(firstInView, lastShown), [onRange, firstInView, lastShown]);
  return { first, last };
}
