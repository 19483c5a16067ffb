/**
 * Loading a page's code (its chunk) within the spec's limit (spec/merchant-finance.md
 * section 9: chunk load timeout 120 s; issue 39, item 9). A page whose code has not arrived
 * in 120 s, or whose load failed, says so with a retry instead of a spinner that never ends.
 * Every wait for the same code shares one deadline, counted from the first ask: the first
 * page's preload (main.tsx) and the page itself do not add up to 240 s.
 */
export const codeTimeoutMs = 120_000;

export class CodeLoadError extends Error {
  constructor(readonly kind: 'timedOut' | 'failed') {
    super(kind);
    this.name = 'CodeLoadError';
  }
}

const attempts = new Map<() => Promise<unknown>, Promise<unknown>>();

export function loadCode<T>(load: () => Promise<T>): Promise<T> {
  const pending = attempts.get(load) as Promise<T> | undefined;
  if (pending) return pending;
  const attempt = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CodeLoadError('timedOut')), codeTimeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        reject(new CodeLoadError('failed'));
      },
    );
  });
  attempts.set(load, attempt);
  // A failed or timed-out attempt is forgotten: a retry asks for the code again.
  attempt.catch(() => attempts.delete(load));
  return attempt;
}
