import { useEffect, useState } from 'react';

/**
 * Whether a custom element is defined yet. Elements never import each other: a page that
 * shows another element by its tag (a home column, a form's dialog field) waits for the
 * host to have loaded it, and draws it as soon as it is there. Not in src/ui/element: only
 * the pages that plug elements in need it, so it stays out of the shared chunk.
 */
export function useDefined(tag: string | undefined): boolean {
  const [defined, setDefined] = useState(() => Boolean(tag && customElements.get(tag)));
  useEffect(() => {
    if (!tag || defined) return;
    let live = true;
    void customElements.whenDefined(tag).then(() => live && setDefined(true));
    return () => {
      live = false;
    };
  }, [tag, defined]);
  return defined;
}
