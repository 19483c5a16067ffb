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
 * shows, after five seconds, so that one slow column cannot keep the others back for long.
 * Looked at only while `watching`: where nothing waits on it, it costs nothing at start-up.
 */
export function useDrawn(
  ref: RefObject<HTMLElement | null>,
  ready: boolean,
  watching: boolean,
): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn || !watching) return;
    const started = Date.now();
    let height = -1;
    const timer = setInterval(() => {
      const node = ref.current;
      const now = node ? node.getBoundingClientRect().height : 0;
      const settled = ready && !!node && !stillLoading(node) && now === height;
      height = now;
      if (settled || Date.now() - started > longestMs) setDrawn(true);
    }, lookEveryMs);
    return () => clearInterval(timer);
  }, [ref, ready, drawn, watching]);
  return drawn;
}
