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
      if (overflows) node.tabIndex = 0;
      else node.removeAttribute('tabindex');
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(node);
    for (const child of node.children) observer.observe(child);
    const mutations = new MutationObserver(() => {
      for (const child of node.children) observer.observe(child);
      update();
    });
    mutations.observe(node, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [node]);
  return setNode;
}
