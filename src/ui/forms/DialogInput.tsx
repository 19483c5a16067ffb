import { createElement, useEffect, useRef } from 'react';
import { useDefined } from '../plug/useDefined';
import { FieldFrame, TextField } from '../Field';

const tag = 'atrium-custom-dialog';

/**
 * A field picked through a custom dialog (docs/forms.md, "Custom dialogs"): the page's
 * atrium-custom-dialog, by its tag (elements never import each other). Until the host has
 * loaded it, the value shows as plain text, read only, so nothing is typed past the dialog.
 */
export function DialogInput({
  name,
  alias,
  label,
  value,
  required,
  error,
  disabled,
  onChange,
}: {
  name: string;
  alias: string;
  label: string;
  value: string;
  required: boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const defined = useDefined(tag);
  const element = useRef<HTMLElement>(null);
  // The latest onChange, so the listener is added once per element, not on every render.
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const picked = (event: Event) =>
      changed.current((event as CustomEvent<{ value: string }>).detail.value);
    node.addEventListener('atrium-select', picked);
    return () => node.removeEventListener('atrium-select', picked);
  }, [defined]);
  if (!defined) return <TextField label={label} name={name} value={value} readOnly error={error} />;
  return (
    <FieldFrame label={label} error={error} required={required}>
      {({ inputId }) =>
        createElement(tag, {
          ref: element,
          id: inputId,
          alias,
          name,
          value,
          // A defined element takes its props as properties: booleans need a true value.
          required: required || undefined,
          disabled: disabled || undefined,
          'data-field': name,
        })
      }
    </FieldFrame>
  );
}
