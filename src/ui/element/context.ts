import { createContext, useCallback, useContext, useEffect } from 'react';
import type { FormControl } from '../plug/form-control';

/** The custom element a component is rendered in (its shadow root's host). */
export const HostContext = createContext<HTMLElement | null>(null);

export function useHost(): HTMLElement {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() outside an Atrium element');
  return host;
}

/**
 * Returns a function that dispatches `atrium-<name>` events from the host: they bubble and
 * leave the shadow root, so a page can listen on the element or on any ancestor. Returns
 * false when a listener called preventDefault() (only for cancelable events).
 */
export function useEmit(): (name: string, detail?: unknown, cancelable?: boolean) => boolean {
  const host = useContext(HostContext);
  return useCallback(
    (name, detail, cancelable = false) =>
      host?.dispatchEvent(
        new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }),
      ) ?? true,
    [host],
  );
}

/** Exposes functions as methods of the element (`el.refresh()`), for the page's scripts. */
export function useHostMethods(methods: Record<string, (...args: never[]) => unknown>): void {
  const host = useContext(HostContext);
  useEffect(() => {
    if (!host) return;
    const target = host as unknown as Record<string, unknown>;
    for (const [name, method] of Object.entries(methods)) target[name] = method;
    return () => {
      for (const name of Object.keys(methods)) delete target[name];
    };
  }, [host, methods]);
}

export const formSlot = Symbol.for('atrium.form');

/** The form control of the host, or null for an element that is not form-associated. */
export function useFormAssociation(): FormControl | null {
  const host = useContext(HostContext) as (HTMLElement & { [formSlot]?: FormControl }) | null;
  return host?.[formSlot] ?? null;
}
