import { parseRules, toRegExp } from './rule-string';

/**
 * Whether a `regex:` rule's pattern can make a backtracking engine (every browser's, and
 * Node's) take exponential time: `^(a+)+$` takes seconds on 27 characters and doubles with
 * each one more. Refused when a form is saved, and never run on the server (docs/decisions.md,
 * "Regex rules"); the browser's bundles leave this out. A conservative reading of the
 * pattern's text, not a proof: it refuses
 * - a back-reference (\1, \k<name>),
 * - a group repeated more than once (`*`, `+`, `{2,}`, `{3}`) that holds a repetition of
 *   varying count or an alternative: (a+)+, (\d+\.)+, (a|ab)*, (\w{1,3}){5}.
 * Fixed counts inside (`(\d{3}-){2}`) and optional groups (`(\.\d+)?`) pass. The polynomial
 * cases it lets through (`\d+\d+$`) are bounded in time on the server (server/lib/bounded-pattern.ts).
 */
export function isUnsafePattern(source: string): boolean {
  return scan(source).unsafe;
}

/** Whether a rule string has a `regex:` rule whose pattern must not be saved. */
export function hasUnsafePattern(ruleString: string | null | undefined): boolean {
  return parseRules(ruleString).some((rule) => {
    const pattern = rule.name === 'regex' ? toRegExp(rule.args[0] ?? '') : undefined;
    return pattern !== undefined && isUnsafePattern(pattern.source);
  });
}

interface Group {
  /** Holds a quantifier whose count varies, or an alternative. */
  ambiguous: boolean;
}

/** A quantifier at `at`: its length and whether it repeats more than once, or varies. */
function quantifierAt(
  source: string,
  at: number,
): { length: number; many: boolean; varies: boolean } | null {
  const char = source[at];
  let length = 0;
  let many = false;
  let varies = true;
  if (char === '*' || char === '+') [length, many] = [1, true];
  else if (char === '?') length = 1;
  else if (char === '{') {
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
    if (!braces) return null;
    const low = Number(braces[1]);
    const high = braces[2] === undefined ? low : braces[3] === '' ? Infinity : Number(braces[3]);
    [length, many, varies] = [braces[0].length, high > 1, high !== low];
  } else return null;
  // A lazy or possessive mark belongs to the quantifier.
  if (source[at + length] === '?') length++;
  return { length, many, varies };
}

/** The index after a character class that opens at `at`. */
function classEnd(source: string, at: number): number {
  let index = at + 1;
  while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The index after an escape at `at`, or -1 for a back-reference. */
function escapeEnd(source: string, at: number): number {
  const next = source[at + 1] ?? '';
  if (/[1-9]/.test(next) || (next === 'k' && source[at + 2] === '<')) return -1;
  // \p{...}, \u{...}: the braces are part of the escape, not a quantifier.
  if (/[pPu]/.test(next) && source[at + 2] === '{')
    return source.indexOf('}', at) + 1 || source.length;
  return at + 2;
}

function scan(source: string): { unsafe: boolean } {
  const groups: Group[] = [{ ambiguous: false }];
  let index = 0;
  // What the last atom was: a group (and whether it was ambiguous) or anything else.
  let lastGroup: Group | null = null;
  while (index < source.length) {
    const char = source[index]!;
    const quantifier = quantifierAt(source, index);
    if (quantifier) {
      if (lastGroup?.ambiguous && quantifier.many) return { unsafe: true };
      if (quantifier.varies) groups.at(-1)!.ambiguous = true;
      index += quantifier.length;
      lastGroup = null;
      continue;
    }
    lastGroup = null;
    if (char === '\\') {
      const end = escapeEnd(source, index);
      if (end < 0) return { unsafe: true };
      index = end;
    } else if (char === '[') index = classEnd(source, index);
    else if (char === '(') {
      groups.push({ ambiguous: false });
      // (?:, (?=, (?!, (?<=, (?<!, (?<name>: the marks after "(" are no quantifier.
      index += source[index + 1] === '?' ? 2 : 1;
      if (
        source[index - 1] === '?' &&
        source[index] === '<' &&
        /[=!]/.test(source[index + 1] ?? '')
      )
        index += 2;
    } else if (char === ')') {
      const closed = groups.length > 1 ? groups.pop()! : { ambiguous: false };
      groups.at(-1)!.ambiguous ||= closed.ambiguous;
      lastGroup = closed;
      index++;
    } else {
      if (char === '|') groups.at(-1)!.ambiguous = true;
      index++;
    }
  }
  return { unsafe: false };
}
