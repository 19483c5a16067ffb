import { useLayoutEffect, useState } from 'react';

/** Below this width a table's rows become cards (a phone, or a narrow column of a page). */
export const cardsBelow = 600;

/**
 * The node's width, followed as it resizes (0 until first measured; a hidden node, width 0,
 * keeps the width it had). Give it the node through a callback ref (`ref={setNode}`), so that
 * a node swapped for another is observed in its turn. The first measure is taken before the
 * browser paints: what depends on the width (cards or a table, the sideways hint) is drawn
 * right the first time instead of moving the page a frame later.
 */
export function useWidth(node: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!node) return;
    const first = node.getBoundingClientRect().width;
    if (first > 0) setWidth(first);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = entry?.contentRect.width ?? node.clientWidth;
      if (measured > 0) setWidth(measured);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return width;
}

/** Whether the node is narrower than `limit` (hidden is not narrow: what was shown stays). */
export function useNarrow(node: HTMLElement | null, limit = cardsBelow): boolean {
  const width = useWidth(node);
  return width > 0 && width < limit;
}
