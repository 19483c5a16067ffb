import { attributesOf, type ElementMeta } from './meta';

/**
 * How the form-associated elements' members, methods and states are described in the
 * manifest, docs/elements.md and the hosts' typings (scripts/manifest.ts). Apart from meta.ts
 * so that no element bundle carries these texts.
 */

/** What a form-associated element offers scripts besides its attributes, as native ones do. */
export const formMembers = {
  form: { type: 'HTMLFormElement | null', description: 'The form the element belongs to.' },
  labels: { type: 'NodeList', description: 'The `<label>` elements that name it.' },
  validity: { type: 'ValidityState', description: 'Its validity.' },
  validationMessage: { type: 'string', description: 'The message the browser would show.' },
  willValidate: {
    type: 'boolean',
    description: 'Whether it takes part in validation (not while disabled).',
  },
} as const;

export const formMethods = {
  checkValidity: {
    signature: '(): boolean',
    description: 'False while invalid (and fires `invalid`), as a native control.',
  },
  reportValidity: {
    signature: '(): boolean',
    description: 'As checkValidity, and shows the message.',
  },
  setCustomValidity: {
    signature: '(message: string): void',
    description: "The page's own message: invalid until it is set to ''.",
  },
} as const;

/** The custom states of a form-associated element, for `:state()` selectors. */
export const formStates = {
  invalid: 'Its value is invalid (required and empty, its rules, or a custom message).',
  'user-invalid': 'Invalid, after the user changed it or tried to send its form.',
  disabled: 'Disabled, by its own attribute or a disabled fieldset around it.',
} as const;

/** Every method of an element: its own, and the form ones when form-associated. */
export function methodsOf(meta: ElementMeta): Record<string, string> {
  const form = meta.formAssociated
    ? Object.fromEntries(Object.entries(formMethods).map(([name, m]) => [name, m.description]))
    : {};
  return { ...meta.methods, ...form };
}

const formAttributeDescriptions: Record<string, string> = {
  name: 'The field name in the form data.',
  disabled:
    'Shows the value without changing it, and leaves it out of the form data; a `<fieldset disabled>` around the element does the same.',
};

/** Every attribute of an element with its description, the form ones' from here. */
export function documentedAttributesOf(meta: ElementMeta): ElementMeta['attributes'] {
  return Object.fromEntries(
    Object.entries(attributesOf(meta)).map(([name, spec]) => [
      name,
      { ...spec, description: spec.description || (formAttributeDescriptions[name] ?? '') },
    ]),
  );
}
