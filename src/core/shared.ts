/**
 * One registry of shared singletons per page, kept on globalThis under a Symbol.for key.
 * Two bundles of Atrium loaded on the same page (say, a CMS that embeds two elements built
 * at different times) then share one session, one language and one config instead of
 * each holding its own copy.
 */
const registryKey = Symbol.for('atrium.shared.v1');

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  let found = holder[registryKey];
  if (!found) {
    found = new Map();
    holder[registryKey] = found;
  }
  return found;
}

/** Returns the page-wide instance named `key`, creating it on first use. */
export function shared<T>(key: string, create: () => T): T {
  const all = registry();
  if (!all.has(key)) all.set(key, create());
  return all.get(key) as T;
}
