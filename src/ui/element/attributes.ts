/** Attribute kinds. Rich data (rows, objects) is never an attribute: it is a property. */
export type AttributeKind = 'string' | 'number' | 'boolean';

export function toAttributeName(prop: string): string {
  return prop.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** HTML semantics: a boolean is true when present (whatever its value), false when absent. */
export function parseAttribute(kind: AttributeKind, value: string | null): unknown {
  if (kind === 'boolean') return value !== null;
  if (value === null) return undefined;
  if (kind === 'number') {
    const number = Number(value);
    return value.trim() === '' || Number.isNaN(number) ? undefined : number;
  }
  return value;
}
