import type { AttributeKind } from './attributes';

/**
 * What an element offers a page: the single description used to register it, to generate
 * custom-elements.json and docs/elements.md. No React here, so scripts can read it in Node.
 */
export interface ElementMeta {
  tag: `atrium-${string}`;
  summary: string;
  attributes: Record<string, { kind: AttributeKind; description: string; default?: string }>;
  properties?: Record<string, { type: string; description: string }>;
  events?: Record<string, { detail: string; description: string; cancelable?: boolean }>;
  methods?: Record<string, string>;
  /** Slots by name; '' is the default slot. */
  slots?: Record<string, string>;
  parts?: Record<string, string>;
  cssProperties?: Record<string, string>;
  /**
   * The element takes part in forms (ElementInternals): its `name` and value go into the
   * form's data, its validity blocks submission. The component reads the internals with
   * useFormInternals().
   */
  formAssociated?: boolean;
  example: string;
}
