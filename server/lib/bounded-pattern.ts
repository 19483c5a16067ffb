import { createContext, Script } from 'node:vm';
import type { PatternTester } from '../../src/core/rules/rule-string';
import { isUnsafePattern } from '../../src/core/rules/safe-pattern';

/**
 * `regex:` rules run on the server with a time bound, and an unsafe pattern (one saved before
 * such patterns were refused) not at all (docs/decisions.md, "Regex rules"): the
 * patterns are an administrator's and the values anyone's, and one backtracking match can
 * hold the only request loop for seconds. V8 stops a script that passes its timeout even
 * inside a match, so the match runs as a tiny script in a context of its own. A pattern that
 * once took that long is pathological: it answers "too complex" from then on in this
 * process without being run again.
 */
const timeoutMs = 100;
const context = createContext(Object.create(null) as object);
const match = new Script('pattern.test(text)');
const tooSlow = new Set<string>();

export const boundedPatternTest: PatternTester = (pattern, text) => {
  const key = `${pattern.flags}/${pattern.source}`;
  // Saved before such patterns were refused: never run.
  if (tooSlow.has(key) || isUnsafePattern(pattern.source)) return undefined;
  Object.assign(context, { pattern, text });
  try {
    return match.runInContext(context, { timeout: timeoutMs }) === true;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    tooSlow.add(key);
    return undefined;
  } finally {
    Object.assign(context, { pattern: null, text: null });
  }
};
