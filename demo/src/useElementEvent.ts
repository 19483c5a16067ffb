import { useEffect, type RefObject } from 'react';

/** Listens to an element's `atrium-*` event (custom events carry their data in `detail`). */
export function useElementEvent<T>(
  ref: RefObject<HTMLElement | null>,
  name: string,
  handler: (event: CustomEvent<T>) => void,
) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) => handler(event as CustomEvent<T>);
    element.addEventListener(name, listener);
    return () => element.removeEventListener(name, listener);
  }, [ref, name, handler]);
}
