import { useEffect, useState, type RefObject } from 'react';

/** How often a column is looked at while it draws, and how long it may take at most. */
const lookEveryMs = 100;
const longestMs = 5000;

/**
 * Whether anything under `node` still loads: a loading state (`data-state=loading`, the one
 * every element draws) or an element of the portal whose shadow root is still empty, looked
 * for through open shadow roots, where a plugged column draws.
 */
export function stillLoading(node: Element): boolean {
  const roots: ParentNode[] = [node];
  while (roots.length) {
    const root = roots.pop()!;
    if (root.querySelector('[data-state=loading]')) return true;
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) {
        if (!element.shadowRoot.childElementCount) return true;
        roots.push(element.shadowRoot);
      }
    }
  }
  return false;
}

/**
 * Whether the column in `ref` has drawn: once `ready` (its config is here and its body
 * started), nothing under it loads and its height held between two looks; or, whatever it
 * shows, five seconds after it became ready or unready, so that one slow column cannot keep
 * the others back for long. Looked at only while `watching`: where nothing waits on it, it
 * costs nothing at start-up.
 */
export function useDrawn(
  ref: RefObject<HTMLElement | null>,
  ready: boolean,
  watching: boolean,
): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn || !watching) return;
    const timer = setTimeout(() => setDrawn(true), longestMs);
    return () => clearTimeout(timer);
  }, [ready, drawn, watching]);
  useEffect(() => {
    const node = ref.current;
    if (drawn || !watching || !ready || !node) return;
    // The height as laid out, told after each layout: reading it at each look forced a
    // layout of its own, ten times a second for every column of a drawing home page.
    let height = -1;
    let looked = -1;
    const sizes = new ResizeObserver(([entry]) => {
      if (entry) height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
    });
    sizes.observe(node);
    const timer = setInterval(() => {
      if (height >= 0 && height === looked && !stillLoading(node)) setDrawn(true);
      looked = height;
    }, lookEveryMs);
    return () => {
      clearInterval(timer);
      sizes.disconnect();
    };
  }, [ref, ready, drawn, watching]);
  return drawn;
}
