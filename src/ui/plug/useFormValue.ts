import { useEffect, useRef } from 'react';
import { useFormAssociation, useHost } from '../element/context';

/**
 * A form-associated element's part in its host page's <form>: `value` is its form data and,
 * while `missing` holds `message`, it is invalid (valueMissing), the browser's bubble anchored
 * on the first `anchor` of its shadow root. A form reset puts back the value it started with;
 * back/forward puts back the value it had (the browser keeps it with the form's state).
 * Nothing happens in browsers without form-associated elements: the element still works.
 */
export function useFormValue(value: string, missing: string | null, anchor: string): void {
  const form = useFormAssociation();
  const host = useHost();
  const initial = useRef(value);
  useEffect(() => {
    if (!form) return;
    form.setValue(value);
    const at = host.shadowRoot?.querySelector<HTMLElement>(anchor) ?? undefined;
    form.setValidity({ valueMissing: Boolean(missing) }, missing ?? '', at);
  }, [form, host, value, missing, anchor]);
  useEffect(() => {
    if (!form) return;
    form.onReset = () => host.setAttribute('value', initial.current);
    form.onRestore = (state) => host.setAttribute('value', state);
    return () => {
      form.onReset = undefined;
      form.onRestore = undefined;
    };
  }, [form, host]);
}
