/**
 * The named fields of a request body that were given (not missing, null, empty or zero), to
 * pass optional inputs on: with exactOptionalPropertyTypes a field not given must be left
 * out, not set to undefined. `givenFields(body, 'opinion', 'files')` for
 * `...(body.opinion ? { opinion: body.opinion } : {}), ...(body.files ? ...)`.
 */
export function givenFields<T extends object, K extends keyof T>(
  source: T,
  ...keys: K[]
): { [P in K]?: NonNullable<T[P]> } {
  const given: { [P in K]?: NonNullable<T[P]> } = {};
  for (const key of keys) {
    const value = source[key];
    if (value) given[key] = value as NonNullable<T[K]>;
  }
  return given;
}
