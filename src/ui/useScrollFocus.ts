import { useEffect, useState } from 'react';

/**
 * A box that scrolls is reachable by keyboard: while its content overflows it takes a tab stop
 * (arrow keys then scroll it), as WCAG 2.1.1 asks; while it fits it stays out of the tab order.
 * Answers the ref to put on the box.
 */
export function useScrollFocus<T extends HTMLElement>(): (node: T | null) => void {
  const [node, setNode] = useState<T | null>(null);
  useEffect(() => {
    if (!node) return;
    const update = () => {
      const overflows =
        node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
      // Written only when it changes: a write makes the next read lay the page out again.
      if (overflows !== node.hasAttribute('tabindex')) {
        if (overflows) node.tabIndex = 0;
        else node.removeAttribute('tabindex');
      }
    };
    // Read once a frame at most, when the frame lays out anyway: a read right after each
    // change forced a layout of its own (a home page's columns change dozens of times as
    // they draw). A resize is reported after layout, where the read costs nothing.
    let frame = 0;
    const soon = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    soon();
    const observer = new ResizeObserver(update);
    observer.observe(node);
    for (const child of node.children) observer.observe(child);
    const mutations = new MutationObserver(() => {
      for (const child of node.children) observer.observe(child);
      soon();
    });
    mutations.observe(node, { childList: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      mutations.disconnect();
    };
  }, [node]);
  return setNode;
}
