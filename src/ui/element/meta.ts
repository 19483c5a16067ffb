import type { AttributeKind } from './attributes';

interface AttributeSpec {
  kind: AttributeKind;
  description: string;
  default?: string;
}

/**
 * What an element offers a page: the single description used to register it, to generate
 * custom-elements.json, docs/elements.md and the hosts' typings (dist/types). No React here,
 * so scripts can read it in Node. Write it `satisfies ElementMeta`, so its attribute names
 * stay known and defineElement can hold them against the component's props.
 */
export interface ElementMeta {
  tag: `atrium-${string}`;
  summary: string;
  attributes: Record<string, AttributeSpec>;
  /** Rich data, set as properties only; `type` is TypeScript text (it goes into the typings). */
  properties?: Record<string, { type: string; description: string }>;
  /** By event name; `detail` is TypeScript text (it goes into the typings). */
  events?: Record<string, { detail: string; description: string; cancelable?: boolean }>;
  methods?: Record<string, string>;
  /** Slots by name; '' is the default slot. */
  slots?: Record<string, string>;
  parts?: Record<string, string>;
  /** The `--atrium-*` custom properties the element reads besides the theme tokens. */
  cssProperties?: Record<string, string>;
  /**
   * The element takes part in forms (ElementInternals) as a native control does: the base
   * adds `name` and `disabled` (formAttributes), the members and methods of form-docs.ts, and custom
   * states; the component reads its FormControl with useFormAssociation().
   */
  formAssociated?: boolean;
  /** HTML that runs as written on a page that loads the element's script. */
  example: string;
}

/**
 * The attributes the base gives every form-associated element: `name` (read by the browser
 * for the form data) and `disabled` (with a surrounding `<fieldset disabled>`, handed to the
 * component as one `disabled` prop). Described in form-docs.ts, out of the elements' bundles.
 */
export const formAttributes = {
  name: { kind: 'string', description: '' },
  disabled: { kind: 'boolean', description: '' },
} satisfies ElementMeta['attributes'];

/** Every attribute of an element: its own, and the form ones when form-associated. */
export function attributesOf(meta: ElementMeta): ElementMeta['attributes'] {
  return meta.formAssociated ? { ...meta.attributes, ...formAttributes } : meta.attributes;
}

/** Attribute names the element base owns: no meta declares them. */
type BaseAttribute = 'lang' | keyof typeof formAttributes;

type KindOf<T> = [T] extends [string]
  ? 'string'
  : [T] extends [number]
    ? 'number'
    : [T] extends [boolean]
      ? 'boolean'
      : never;

/**
 * A meta checked against its component's props: each attribute must be a prop of the kind it
 * declares, each property a prop, so an attribute the component never reads is a type error
 * (issue 41 part 2). Attributes the base owns need no prop.
 */
export type MetaOf<M extends ElementMeta, Props> = M & {
  attributes: {
    [K in keyof M['attributes']]: K extends BaseAttribute
      ? never
      : K extends keyof Props
        ? AttributeSpec & { kind: KindOf<NonNullable<Props[K]>> }
        : never;
  };
  properties?: { [K in keyof M['properties']]: K extends keyof Props ? unknown : never };
};
