import { useEffect, useState } from 'react';

/** Below this width a table's rows become cards (a phone, or a narrow column of a page). */
export const cardsBelow = 600;

/**
 * Whether the node is narrower than `limit`, followed as it resizes. Give it the node through a
 * callback ref (`ref={setNode}`), so that a node swapped for another is observed in its turn.
 */
export function useNarrow(node: HTMLElement | null, limit = cardsBelow): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? node.clientWidth;
      // Hidden (width 0) is not narrow: keep what was shown.
      if (width > 0) setNarrow(width < limit);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, limit]);
  return narrow;
}
