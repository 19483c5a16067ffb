/**
 * Web Storage that never throws: private modes, sandboxed iframes and server-side tests
 * may have no storage at all, and a portal must still work there (without persistence).
 */
type Area = 'local' | 'session';

function area(kind: Area): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStored(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(kind: Area, key: string, value: string | null): void {
  try {
    const store = area(kind);
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota or security errors: keep going without persistence.
  }
}

export function readStoredJson<T>(kind: Area, key: string): T | null {
  const text = readStored(kind, key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
