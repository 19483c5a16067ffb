import { isValidDate, isValidTime, toDayjs } from '../dates';
import { decimalToString, parseDecimalText, toDecimal, type Decimal } from '../money';
import { mobilePattern } from './mobile';
import { characterCount, isBlank, type RuleFailure } from './types';

/**
 * The general form-rule engine (spec: shell section 5, "General form rules").
 *
 * Rule strings: rules separated by `|`, each `name` or `name:arg,arg`; spaces around names
 * and arguments are ignored. `regex` is special: everything after `regex:` up to the END of
 * the string is its one argument (commas, colons and pipes included), so a regex rule must
 * come last. Its argument is a pattern ("^a.*$") or a literal with flags ("/^a/i").
 *
 * Semantics chosen where the spec is silent:
 * - Empty values (see isBlank) pass every rule except `required`.
 * - Rules run in order; the first failure is returned. Async rules run only once all
 *   synchronous rules passed, so the server is not asked about malformed input.
 * - numeric: a whole number, sign allowed. number: a plain decimal ("-1.5", ".5"), no
 *   separators. decimal:n: a number with at most n decimals (without n, like number).
 * - maxIntLen / maxDecimalLen count the digits before / after the point (leading zeros of
 *   the integer part do not count); a non-number fails with 'rules:form.number'.
 * - max / min / length / maxLength count characters (code points), as vee-validate's
 *   max/min do; for a list they count its items. min_value / max_value compare numbers.
 * - alpha: ASCII letters only. url: http, https or ftp with a host. phone: a mainland
 *   mobile number (same pattern as the mobile login).
 * - date: yyyy-mm-dd existing in the calendar (or a valid Date); time: HH:mm:ss, 24-hour.
 * - dateLess / dateMore: strictly before / after the target. dateRangeEnd: not before the
 *   target (an end date); dateRangeStart: not after it (a start date). The argument is a
 *   literal date ("2026-01-01", optionally with a time) or the name of another field in
 *   context.values; that field's label (context.labels, else its name) fills {{target}}.
 *   An empty target field passes. Values may carry a time ("yyyy-mm-dd HH:mm[:ss]").
 * - daysWithin:start,end: a number of days no more than the working days from the date
 *   field `start` to `end`, both counted (workdaySpan: weekdays, less the fixed-date public
 *   holidays); blank or unreadable dates pass (their own rules speak). A form fills such a
 *   field from the dates (src/core/workflow/form.ts); half days are the user's to take off.
 * - confirmed:field: equal (as text) to context.values[field].
 * - backend / frontJs / exists: run the injected checks; a rule whose check is not given is
 *   skipped. A check that throws fails with the backend message.
 * - A rule with a missing or malformed argument, or an unknown name, fails with
 *   'rules:form.unknownRule' so that a broken configuration is visible.
 */

export interface Rule {
  name: string;
  args: string[];
}

export interface ValidationContext {
  /** The other fields of the form, for confirmed and the date-ordering rules. */
  values?: Record<string, unknown>;
  /** Field labels shown in messages that name another field. */
  labels?: Record<string, string>;
  checks?: SyncChecks;
}

export interface SyncChecks {
  /**
   * The front-end JavaScript check: true (or undefined, null, '') passes, false fails with
   * the default message, a non-empty string fails with that message.
   */
  frontJs?: (value: unknown, args: string[]) => boolean | string | null | undefined;
}

export interface AsyncChecks extends SyncChecks {
  /** Server validation: null passes; a string is the server's message ('' for the default). */
  backend?: (value: unknown, args: string[]) => Promise<string | null>;
  /** A lookup of existing records with this value; the value is free when it returns none. */
  exists?: (value: unknown, args: string[]) => Promise<unknown[]>;
}

export interface AsyncValidationContext extends ValidationContext {
  checks?: AsyncChecks;
}

const asyncRuleNames = new Set(['backend', 'exists']);

/** Splits a rule string into rules; see the top of this file for the syntax. */
export function parseRules(ruleString: string | null | undefined): Rule[] {
  const rules: Rule[] = [];
  let rest = ruleString ?? '';
  while (rest !== '') {
    const regexStart = /^\s*regex\s*:/.exec(rest);
    if (regexStart) {
      rules.push({ name: 'regex', args: [rest.slice(regexStart[0].length).trimStart()] });
      break;
    }
    const end = rest.indexOf('|');
    const segment = end === -1 ? rest : rest.slice(0, end);
    rest = end === -1 ? '' : rest.slice(end + 1);
    const rule = parseSegment(segment);
    if (rule) rules.push(rule);
  }
  return rules;
}

/**
 * A rule string of rules (the inverse of parseRules): `name` or `name:arg,arg`, joined by `|`,
 * a `regex` rule moved last since it takes the rest of the string.
 */
export function formatRules(rules: readonly Rule[]): string {
  const ordered = [
    ...rules.filter((rule) => rule.name !== 'regex'),
    ...rules.filter((rule) => rule.name === 'regex'),
  ];
  return ordered
    .map((rule) => (rule.args.length ? `${rule.name}:${rule.args.join(',')}` : rule.name))
    .join('|');
}

function parseSegment(segment: string): Rule | undefined {
  const colon = segment.indexOf(':');
  const name = (colon === -1 ? segment : segment.slice(0, colon)).trim();
  if (name === '') return undefined;
  const argText = colon === -1 ? '' : segment.slice(colon + 1);
  const args = argText.trim() === '' ? [] : argText.split(',').map((arg) => arg.trim());
  return { name, args };
}

/** The rules of a field, with `required` in front when the field is marked required ("b"). */
export function rulesFor(
  ruleString: string | null | undefined,
  field: { required: boolean },
): Rule[] {
  const rules = parseRules(ruleString);
  if (field.required && !rules.some((rule) => rule.name === 'required')) {
    rules.unshift({ name: 'required', args: [] });
  }
  return rules;
}

// ---------------------------------------------------------------------------------------
// Helpers

const integerPattern = /^[+-]?\d+$/;
const numberPattern = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const alphaPattern = /^[A-Za-z]+$/;
/** Local part, @, dot-separated host labels, a top-level domain of 2+ letters. */
const emailPattern =
  /^[^\s@]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

function fail(key: string, params?: RuleFailure['params']): RuleFailure {
  return params ? { key: `rules:form.${key}`, params } : { key: `rules:form.${key}` };
}

function broken(rule: Rule): RuleFailure {
  return { key: 'rules:form.unknownRule', params: { name: rule.name } };
}

/** The value as text; numbers without exponent notation. */
function textOf(value: unknown): string {
  const decimal = typeof value === 'number' ? toDecimal(value) : undefined;
  return decimal ? decimalToString(decimal) : String(value);
}

/** A plain decimal number (see numberPattern), or undefined. */
function parseNumber(value: unknown): Decimal | undefined {
  const text = textOf(value);
  return numberPattern.test(text) ? parseDecimalText(text) : undefined;
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : characterCount(textOf(value));
}

/** A whole, non-negative number argument, or undefined when the rule is misconfigured. */
function countArg(rule: Rule): number | undefined {
  const arg = rule.args[0];
  return arg !== undefined && /^\d+$/.test(arg) ? Number(arg) : undefined;
}

function numberArg(rule: Rule): number | undefined {
  const arg = rule.args[0];
  return arg !== undefined && numberPattern.test(arg) ? Number(arg) : undefined;
}

function isUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return ['http:', 'https:', 'ftp:'].includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * How a `regex:` pattern is run: as it is in the browser, where only the typist waits; the
 * server installs one that never runs an unsafe pattern and bounds the time of the others
 * (server/lib/bounded-pattern.ts). Undefined: the pattern is too complex to be run.
 */
export type PatternTester = (pattern: RegExp, text: string) => boolean | undefined;

let testPattern: PatternTester = (pattern, text) => pattern.test(text);

export function usePatternTester(tester: PatternTester): void {
  testPattern = tester;
}

/** A `regex:` rule's argument as a RegExp: a pattern, or a literal with flags ("/^a/i"). */
export function toRegExp(arg: string): RegExp | undefined {
  const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(arg);
  try {
    return literal ? new RegExp(literal[1] ?? '', literal[2]) : new RegExp(arg);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------
// Rules

type SyncRule = (value: unknown, rule: Rule, context: ValidationContext) => RuleFailure | undefined;

function lengthRule(key: string, passes: (length: number, limit: number) => boolean): SyncRule {
  return (value, rule) => {
    const limit = countArg(rule);
    if (limit === undefined) return broken(rule);
    return passes(lengthOf(value), limit) ? undefined : fail(key, { length: limit });
  };
}

/** maxIntLen / maxDecimalLen: the value must be a number whose part has at most n digits. */
function digitsRule(key: string, part: 'int' | 'frac'): SyncRule {
  return (value, rule) => {
    const limit = countArg(rule);
    if (limit === undefined) return broken(rule);
    const decimal = parseNumber(value);
    if (!decimal) return fail('number');
    const digits = part === 'int' ? decimal.int.replace(/^0$/, '') : decimal.frac;
    return digits.length <= limit ? undefined : fail(key, { length: limit });
  };
}

function valueRule(key: 'minValue' | 'maxValue'): SyncRule {
  return (value, rule) => {
    const limit = numberArg(rule);
    if (limit === undefined) return broken(rule);
    const text = textOf(value);
    if (!numberPattern.test(text)) return fail('number');
    const amount = Number(text);
    if (key === 'minValue')
      return amount >= limit ? undefined : fail(key, { min: rule.args[0] ?? '' });
    return amount <= limit ? undefined : fail(key, { max: rule.args[0] ?? '' });
  };
}

function patternRule(key: string, pattern: RegExp): SyncRule {
  return (value) => (pattern.test(textOf(value)) ? undefined : fail(key));
}

/** dateLess & co: `passes` receives value minus target in milliseconds. */
function dateOrderRule(key: string, passes: (difference: number) => boolean): SyncRule {
  return (value, rule, context) => {
    const arg = rule.args[0];
    if (arg === undefined || arg === '') return broken(rule);
    const own = toDayjs(value);
    if (!own) return fail('date');
    const literal = toDayjs(arg);
    const targetValue = literal ? arg : context.values?.[arg];
    if (isBlank(targetValue)) return undefined;
    const target = literal ?? toDayjs(targetValue);
    // An unreadable other field is that field's problem, reported by its own rules.
    if (!target) return undefined;
    const label = literal ? arg : (context.labels?.[arg] ?? arg);
    return passes(own.valueOf() - target.valueOf()) ? undefined : fail(key, { target: label });
  };
}

/**
 * Public holidays on a fixed date (month-day) under China's holiday rules of 2025: New
 * Year's Day, 1-2 May and 1-3 October. The lunar holidays and the weekend days swapped for
 * them each year are not known here: an applicant lowers the days, and the approver sees
 * the dates.
 */
const fixedHolidays = new Set(['01-01', '05-01', '05-02', '10-01', '10-02', '10-03']);

/**
 * The working days from one date field to another, both days counted (a leave from Monday to
 * Wednesday is 3 days; Friday to Monday is 2): weekdays, less the fixed-date holidays.
 * Undefined while either date is blank or unreadable, reversed, or over a year apart.
 */
export function workdaySpan(start: unknown, end: unknown): number | undefined {
  const from = isBlank(start) ? null : toDayjs(start);
  const to = isBlank(end) ? null : toDayjs(end);
  if (!from || !to) return undefined;
  const total = to.startOf('day').diff(from.startOf('day'), 'day') + 1;
  if (total < 1 || total > 366) return undefined;
  let days = 0;
  for (let day = from.startOf('day'), n = 0; n < total; n++, day = day.add(1, 'day')) {
    const weekend = day.day() === 0 || day.day() === 6;
    if (!weekend && !fixedHolidays.has(day.format('MM-DD'))) days++;
  }
  return days;
}

/** daysWithin:start,end — a number of days no more than the span of those two date fields. */
function daysWithinRule(value: unknown, rule: Rule, context: ValidationContext) {
  const [start, end] = rule.args;
  if (!start || !end) return broken(rule);
  const text = textOf(value);
  if (!numberPattern.test(text)) return fail('number');
  const span = workdaySpan(context.values?.[start], context.values?.[end]);
  if (span === undefined) return undefined;
  return Number(text) <= span ? undefined : fail('daysWithin', { days: span });
}

const syncRules: Record<string, SyncRule> = {
  daysWithin: daysWithinRule,
  required: (value) => (isBlank(value) ? fail('required') : undefined),
  numeric: patternRule('numeric', integerPattern),
  number: patternRule('number', numberPattern),
  email: patternRule('email', emailPattern),
  alpha: patternRule('alpha', alphaPattern),
  phone: patternRule('phone', mobilePattern),
  url: (value) => (isUrl(textOf(value)) ? undefined : fail('url')),
  decimal: (value, rule) => {
    const decimal = parseNumber(value);
    if (rule.args.length === 0) return decimal ? undefined : fail('number');
    const places = countArg(rule);
    if (places === undefined) return broken(rule);
    return decimal && decimal.frac.length <= places
      ? undefined
      : fail('decimal', { length: places });
  },
  maxIntLen: digitsRule('maxIntLen', 'int'),
  maxDecimalLen: digitsRule('maxDecimalLen', 'frac'),
  maxLength: lengthRule('maxLength', (length, limit) => length <= limit),
  max: lengthRule('max', (length, limit) => length <= limit),
  min: lengthRule('min', (length, limit) => length >= limit),
  length: lengthRule('length', (length, limit) => length === limit),
  min_value: valueRule('minValue'),
  max_value: valueRule('maxValue'),
  regex: (value, rule) => {
    const pattern = toRegExp(rule.args[0] ?? '');
    if (!pattern || rule.args[0] === '') return broken(rule);
    const matches = testPattern(pattern, textOf(value));
    // Only the server's tester says this, so its text is in the forms' catalogue, not in the
    // one every page loads.
    if (matches === undefined) return { key: 'forms:form.regexUnsafe' };
    return matches ? undefined : fail('regex');
  },
  date: (value) => {
    const valid =
      value instanceof Date ? !Number.isNaN(value.getTime()) : isValidDate(textOf(value));
    return valid ? undefined : fail('date');
  },
  time: (value) => (isValidTime(textOf(value)) ? undefined : fail('time')),
  confirmed: (value, rule, context) => {
    const other = rule.args[0];
    if (!other) return broken(rule);
    const otherValue = context.values?.[other];
    const otherText = otherValue === undefined || otherValue === null ? '' : textOf(otherValue);
    return textOf(value) === otherText ? undefined : fail('confirmed');
  },
  dateLess: dateOrderRule('dateLess', (difference) => difference < 0),
  dateRangeEnd: dateOrderRule('dateRangeEnd', (difference) => difference >= 0),
  dateMore: dateOrderRule('dateMore', (difference) => difference > 0),
  dateRangeStart: dateOrderRule('dateRangeStart', (difference) => difference <= 0),
  frontJs: (value, rule, context) => {
    const check = context.checks?.frontJs;
    if (!check) return undefined;
    let verdict: ReturnType<typeof check>;
    try {
      verdict = check(value, rule.args);
    } catch {
      return fail('frontJs');
    }
    if (verdict === false) return fail('frontJs');
    if (typeof verdict === 'string' && verdict !== '')
      return fail('frontJsMessage', { message: verdict });
    return undefined;
  },
};

/** Every rule name the engine knows. */
/**
 * The other fields a rule reads (confirmed, daysWithin, and the date-ordering rules when
 * their argument is not a literal date): a definition that names one its form does not have
 * is refused when saved, since the rule would pass whatever is entered.
 */
export function fieldsNamedBy(rule: Rule): string[] {
  switch (rule.name) {
    case 'confirmed':
      return rule.args.slice(0, 1).filter(Boolean);
    case 'daysWithin':
      return rule.args.slice(0, 2).filter(Boolean);
    case 'dateLess':
    case 'dateMore':
    case 'dateRangeEnd':
    case 'dateRangeStart':
      return rule.args.slice(0, 1).filter((arg) => arg !== '' && !toDayjs(arg));
    default:
      return [];
  }
}

export const ruleNames: readonly string[] = [...Object.keys(syncRules), ...asyncRuleNames];

function toRules(rules: Rule[] | string): Rule[] {
  return typeof rules === 'string' ? parseRules(rules) : rules;
}

/**
 * Checks the synchronous rules; backend and exists are skipped here (use
 * validateValueAsync). Returns the first failure, or undefined when the value passes.
 */
export function validateValue(
  value: unknown,
  rules: Rule[] | string,
  context: ValidationContext = {},
): RuleFailure | undefined {
  const list = toRules(rules);
  const blank = isBlank(value);
  for (const rule of list) {
    if (asyncRuleNames.has(rule.name)) continue;
    const check = syncRules[rule.name];
    if (!check) return broken(rule);
    if (blank && rule.name !== 'required') continue;
    const failure = check(value, rule, context);
    if (failure) return failure;
  }
  return undefined;
}

async function runAsyncRule(
  value: unknown,
  rule: Rule,
  checks: AsyncChecks,
): Promise<RuleFailure | undefined> {
  try {
    if (rule.name === 'backend' && checks.backend) {
      const message = await checks.backend(value, rule.args);
      if (message === null || message === undefined) return undefined;
      return message === '' ? fail('backend') : fail('backendMessage', { message });
    }
    if (rule.name === 'exists' && checks.exists) {
      const found = await checks.exists(value, rule.args);
      return Array.isArray(found) && found.length > 0 ? fail('exists') : undefined;
    }
  } catch {
    return fail('backend');
  }
  return undefined;
}

/** All rules, the injected async checks included; async ones run after the sync ones pass. */
export async function validateValueAsync(
  value: unknown,
  rules: Rule[] | string,
  context: AsyncValidationContext = {},
): Promise<RuleFailure | undefined> {
  const list = toRules(rules);
  const syncFailure = validateValue(value, list, context);
  if (syncFailure || isBlank(value)) return syncFailure;
  for (const rule of list) {
    if (!asyncRuleNames.has(rule.name)) continue;
    const failure = await runAsyncRule(value, rule, context.checks ?? {});
    if (failure) return failure;
  }
  return undefined;
}
