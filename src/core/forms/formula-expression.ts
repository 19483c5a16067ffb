import dayjs from 'dayjs';
import type { RuleFailure } from '../rules/types';
import {
  FormulaFailure,
  add,
  compare,
  divide,
  finite,
  functionsByName,
  isDateUnit,
  multiply,
  numberOf,
  remainder,
  subtract,
  truthy,
  type EvaluationContext,
  type FormulaFunctionSpec,
  type FormulaValue,
} from './formula-library';

/**
 * Formula expressions over form fields (issue 17; syntax and functions in docs/forms.md,
 * "Formulas"). Pure TypeScript, no eval: the browser and the server run the same code.
 *
 *   const compiled = compileFormula('round(price * quantity, 2)');
 *   if (compiled.ok) compiled.formula.evaluate({ price: '1,200.50', quantity: 3 });
 *   // → { ok: true, value: 3601.5 }
 *
 * - compileFormula(text) parses once (results are cached by text) and checks what can be
 *   checked without values: syntax, function names and argument counts, literal date
 *   units, length and nesting limits. The compiled formula lists the fields it reads.
 * - formula.evaluate(values, { now }) evaluates against a record: `name` is values[name]
 *   (a field missing from `values` is an unknown-field error, so callers list every field,
 *   empty ones as undefined); `table.field` is the column `field` of the rows in
 *   values[table], as an array.
 * - Every error is a RuleFailure: an i18n key in the "forms" namespace plus its params.
 *
 * Limits: at most formulaLimits.maxLength characters and an expression tree at most
 * formulaLimits.maxDepth deep (parentheses, operators and calls all count), so a hostile
 * 5,000-deep formula is refused with 'forms:formula.tooDeep' before anything recurses.
 */

export type { FormulaValue } from './formula-library';

export const formulaLimits = { maxLength: 20_000, maxDepth: 200 } as const;

/** A field a formula reads: `amount`, or `works.price` (table 'works', field 'price'). */
export interface FieldReference {
  table?: string;
  field: string;
}

export type FormulaResult = { ok: true; value: FormulaValue } | { ok: false; error: RuleFailure };

export interface EvaluateOptions {
  /** The clock for today() and now(); the current time by default. */
  now?: () => Date;
}

export interface CompiledFormula {
  readonly source: string;
  readonly references: readonly FieldReference[];
  evaluate(values: Readonly<Record<string, unknown>>, options?: EvaluateOptions): FormulaResult;
}

export type CompileResult =
  { ok: true; formula: CompiledFormula } | { ok: false; error: RuleFailure };

// ---------------------------------------------------------------------------------------
// Tokens

type TokenType = 'number' | 'text' | 'name' | 'operator' | 'punctuation' | 'end';

interface Token {
  type: TokenType;
  text: string;
  /** 1-based character position, as shown in messages. */
  position: number;
  value?: number | string;
}

const operators = [
  '==',
  '!=',
  '<>',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
];
const numberPattern = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const namePattern = /[A-Za-z_][A-Za-z0-9_]*/y;

function syntaxError(position: number, near: string): FormulaFailure {
  if (near === '')
    return new FormulaFailure({ key: 'forms:formula.unexpectedEnd', params: { position } });
  return new FormulaFailure({
    key: 'forms:formula.syntax',
    params: { position, near: near.slice(0, 20) },
  });
}

function readText(source: string, start: number): { value: string; end: number } {
  const quote = source.charAt(start);
  let value = '';
  for (let index = start + 1; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (char === quote) return { value, end: index + 1 };
    if (char === '\\' && index + 1 < source.length) {
      index += 1;
      value += source.charAt(index);
    } else {
      value += char;
    }
  }
  throw new FormulaFailure({
    key: 'forms:formula.unterminatedText',
    params: { position: start + 1 },
  });
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source.charAt(index);
    const position = index + 1;
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    numberPattern.lastIndex = index;
    namePattern.lastIndex = index;
    const number = numberPattern.exec(source);
    const name = number ? null : namePattern.exec(source);
    if (number) {
      const value = Number(number[0]);
      if (!Number.isFinite(value)) throw syntaxError(position, number[0]);
      tokens.push({ type: 'number', text: number[0], position, value });
      index += number[0].length;
    } else if (name) {
      tokens.push({ type: 'name', text: name[0], position });
      index += name[0].length;
    } else if (char === "'" || char === '"') {
      const text = readText(source, index);
      tokens.push({
        type: 'text',
        text: source.slice(index, text.end),
        position,
        value: text.value,
      });
      index = text.end;
    } else if ('(),.'.includes(char)) {
      tokens.push({ type: 'punctuation', text: char, position });
      index += 1;
    } else {
      const operator = operators.find((candidate) => source.startsWith(candidate, index));
      if (!operator) throw syntaxError(position, char);
      tokens.push({ type: 'operator', text: operator, position });
      index += operator.length;
    }
  }
  tokens.push({ type: 'end', text: '', position: source.length + 1 });
  return tokens;
}

// ---------------------------------------------------------------------------------------
// Tree

type BinaryOperator =
  '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||';

type Node = { depth: number } & (
  | { kind: 'literal'; value: FormulaValue }
  | { kind: 'field'; name: string }
  | { kind: 'column'; table: string; field: string }
  | { kind: 'unary'; operator: '-' | '+' | '!'; operand: Node }
  | { kind: 'binary'; operator: BinaryOperator; left: Node; right: Node }
  | { kind: 'if'; args: Node[] }
  | { kind: 'call'; spec: FormulaFunctionSpec; args: Node[] }
);

/** Binding power of each infix operator; `=` and `<>` are spelled-out `==` and `!=`. */
const infix: Record<string, { power: number; operator: BinaryOperator }> = {
  '||': { power: 1, operator: '||' },
  '&&': { power: 2, operator: '&&' },
  '==': { power: 3, operator: '==' },
  '=': { power: 3, operator: '==' },
  '!=': { power: 3, operator: '!=' },
  '<>': { power: 3, operator: '!=' },
  '<': { power: 4, operator: '<' },
  '<=': { power: 4, operator: '<=' },
  '>': { power: 4, operator: '>' },
  '>=': { power: 4, operator: '>=' },
  '+': { power: 5, operator: '+' },
  '-': { power: 5, operator: '-' },
  '*': { power: 6, operator: '*' },
  '/': { power: 6, operator: '/' },
  '%': { power: 6, operator: '%' },
};
const prefixPower = 7;

/** Names that are values, not fields (a flow's `approved == true`, `deputy == null`). */
const namedLiterals: Record<string, FormulaValue> = { true: true, false: false, null: null };

const tooDeep = (): FormulaFailure =>
  new FormulaFailure({ key: 'forms:formula.tooDeep', params: { max: formulaLimits.maxDepth } });

/** Gives a node its depth and refuses trees deeper than the limit (1+1+...+1 too). */
function node<Shape extends Omit<Node, 'depth'>>(shape: Shape, children: Node[]): Node {
  const depth = 1 + Math.max(0, ...children.map((child) => child.depth));
  if (depth > formulaLimits.maxDepth) throw tooDeep();
  return { ...shape, depth } as unknown as Node;
}

class Parser {
  private index = 0;
  readonly references: FieldReference[] = [];

  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const tree = this.expression(0, 1);
    const rest = this.peek();
    if (rest.type !== 'end') throw syntaxError(rest.position, rest.text);
    return tree;
  }

  private peek(): Token {
    return this.tokens[this.index] ?? (this.tokens[this.tokens.length - 1] as Token);
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private expect(text: string): void {
    const token = this.next();
    if (token.text !== text || token.type === 'text') throw syntaxError(token.position, token.text);
  }

  /** Pratt loop: `depth` counts recursion so that the parser itself never runs out of stack. */
  private expression(minPower: number, depth: number): Node {
    if (depth > formulaLimits.maxDepth) throw tooDeep();
    let left = this.prefix(depth);
    for (;;) {
      const token = this.peek();
      const binding = token.type === 'operator' ? infix[token.text] : undefined;
      if (!binding || binding.power <= minPower) return left;
      this.next();
      const right = this.expression(binding.power, depth + 1);
      left = node({ kind: 'binary', operator: binding.operator, left, right }, [left, right]);
    }
  }

  private prefix(depth: number): Node {
    const token = this.next();
    switch (token.type) {
      case 'number':
      case 'text':
        return node({ kind: 'literal', value: token.value ?? null }, []);
      case 'name':
        return this.name(token, depth);
      case 'punctuation':
        if (token.text !== '(') break;
        return this.parenthesised(depth);
      case 'operator':
        if (token.text !== '-' && token.text !== '+' && token.text !== '!') break;
        return this.unary(token.text, depth);
      case 'end':
        break;
    }
    throw syntaxError(token.position, token.text);
  }

  private parenthesised(depth: number): Node {
    const inner = this.expression(0, depth + 1);
    this.expect(')');
    // Parentheses only group: no node of their own, the parser's depth counter covers them.
    return inner;
  }

  private unary(operator: '-' | '+' | '!', depth: number): Node {
    const operand = this.expression(prefixPower, depth + 1);
    return node({ kind: 'unary', operator, operand }, [operand]);
  }

  private name(token: Token, depth: number): Node {
    const after = this.peek();
    if (Object.hasOwn(namedLiterals, token.text) && after.text !== '(' && after.text !== '.') {
      return node({ kind: 'literal', value: namedLiterals[token.text]! }, []);
    }
    if (after.type === 'punctuation' && after.text === '(') {
      this.next();
      return this.call(token, depth);
    }
    if (after.type === 'punctuation' && after.text === '.') {
      this.next();
      const field = this.next();
      if (field.type !== 'name') throw syntaxError(field.position, field.text);
      this.references.push({ table: token.text, field: field.text });
      return node({ kind: 'column', table: token.text, field: field.text }, []);
    }
    this.references.push({ field: token.text });
    return node({ kind: 'field', name: token.text }, []);
  }

  private call(name: Token, depth: number): Node {
    const args: Node[] = [];
    if (this.peek().text !== ')' || this.peek().type !== 'punctuation') {
      for (;;) {
        args.push(this.expression(0, depth + 1));
        const separator = this.next();
        if (separator.type === 'punctuation' && separator.text === ')') break;
        if (separator.type !== 'punctuation' || separator.text !== ',') {
          throw syntaxError(separator.position, separator.text);
        }
      }
    } else {
      this.next();
    }
    const lower = name.text.toLowerCase();
    if (lower === 'if') {
      checkArity(name.text, args.length, 2, 3);
      return node({ kind: 'if', args }, args);
    }
    const spec = functionsByName.get(lower);
    if (!spec) {
      throw new FormulaFailure({
        key: 'forms:formula.unknownFunction',
        params: { name: name.text },
      });
    }
    checkArity(name.text, args.length, spec.minArgs, spec.maxArgs);
    const unit = spec.unitArg === undefined ? undefined : args[spec.unitArg];
    if (unit?.kind === 'literal' && !isDateUnit(unit.value)) {
      throw new FormulaFailure({
        key: 'forms:formula.badUnit',
        params: { unit: String(unit.value) },
      });
    }
    return node({ kind: 'call', spec, args }, args);
  }
}

function checkArity(name: string, count: number, min: number, max: number): void {
  if (count >= min && count <= max) return;
  const expected = min === max ? String(min) : max === Infinity ? `${min}+` : `${min}-${max}`;
  throw new FormulaFailure({ key: 'forms:formula.argumentCount', params: { name, expected } });
}

// ---------------------------------------------------------------------------------------
// Evaluation

type Values = Readonly<Record<string, unknown>>;

/** A record's value as a formula sees it; one level of array (a multi-select) is kept. */
function fromInput(value: unknown, nested = false): FormulaValue {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return dayjs(value).format('YYYY-MM-DD HH:mm:ss');
  if (Array.isArray(value) && !nested) return value.map((item) => fromInput(item, true));
  return null;
}

function unknownField(name: string): FormulaFailure {
  return new FormulaFailure({ key: 'forms:formula.unknownField', params: { name } });
}

function column(values: Values, table: string, field: string): FormulaValue[] {
  const rows = Object.hasOwn(values, table) ? values[table] : undefined;
  if (!Array.isArray(rows)) throw unknownField(`${table}.${field}`);
  return rows.map((row: unknown) =>
    typeof row === 'object' && row !== null && Object.hasOwn(row, field)
      ? fromInput((row as Record<string, unknown>)[field])
      : null,
  );
}

function binary(operator: BinaryOperator, left: FormulaValue, right: FormulaValue): FormulaValue {
  switch (operator) {
    case '+':
      return add(left, right);
    case '-':
      return subtract(left, right);
    case '*':
      return multiply(left, right);
    case '/':
      return divide(left, right);
    case '%':
      return remainder(left, right);
    case '==':
      return compare(left, right) === 0;
    case '!=':
      return compare(left, right) !== 0;
    case '<':
      return compare(left, right) < 0;
    case '<=':
      return compare(left, right) <= 0;
    case '>':
      return compare(left, right) > 0;
    case '>=':
      return compare(left, right) >= 0;
    case '&&':
    case '||':
      // Handled lazily in evaluate(); kept here so the switch is complete.
      return operator === '&&' ? truthy(left) && truthy(right) : truthy(left) || truthy(right);
  }
}

function evaluate(tree: Node, values: Values, context: EvaluationContext): FormulaValue {
  switch (tree.kind) {
    case 'literal':
      return tree.value;
    case 'field':
      if (!Object.hasOwn(values, tree.name)) throw unknownField(tree.name);
      return fromInput(values[tree.name]);
    case 'column':
      return column(values, tree.table, tree.field);
    case 'unary': {
      const operand = evaluate(tree.operand, values, context);
      if (tree.operator === '!') return !truthy(operand);
      return finite(tree.operator === '-' ? -numberOf(operand) : numberOf(operand));
    }
    case 'binary': {
      const left = evaluate(tree.left, values, context);
      // && and || do not evaluate the right side when the left decides: a && b / a.
      if (tree.operator === '&&' && !truthy(left)) return false;
      if (tree.operator === '||' && truthy(left)) return true;
      return binary(tree.operator, left, evaluate(tree.right, values, context));
    }
    case 'if': {
      // Only the branch taken is evaluated, so if(b = 0, 0, a / b) is no division by zero.
      const [condition, then, otherwise] = tree.args as [Node, Node, Node?];
      if (truthy(evaluate(condition, values, context))) return evaluate(then, values, context);
      return otherwise ? evaluate(otherwise, values, context) : '';
    }
    case 'call':
      return tree.spec.call(
        tree.args.map((arg) => evaluate(arg, values, context)),
        context,
      );
  }
}

// ---------------------------------------------------------------------------------------
// API

function failureOf(error: unknown): RuleFailure {
  if (error instanceof FormulaFailure) return error.failure;
  // A RangeError from the engine (a stack or BigInt limit) is still the formula's fault.
  if (error instanceof RangeError) return { key: 'forms:formula.notANumber' };
  throw error;
}

function compile(source: string): CompileResult {
  if (source.length > formulaLimits.maxLength) {
    return {
      ok: false,
      error: { key: 'forms:formula.tooLong', params: { max: formulaLimits.maxLength } },
    };
  }
  let tree: Node;
  let references: FieldReference[];
  try {
    const parser = new Parser(tokenize(source));
    tree = parser.parse();
    references = parser.references;
  } catch (error) {
    return { ok: false, error: failureOf(error) };
  }
  const formula: CompiledFormula = {
    source,
    references,
    evaluate(values, options = {}) {
      const context: EvaluationContext = { now: options.now ?? (() => new Date()) };
      try {
        return { ok: true, value: evaluate(tree, values, context) };
      } catch (error) {
        return { ok: false, error: failureOf(error) };
      }
    },
  };
  return { ok: true, formula };
}

const cache = new Map<string, CompileResult>();
const cacheSize = 1000;
/** Longer texts are compiled every time rather than kept (bounds the cache's memory). */
const cachedLength = 2000;

/** Parses a formula once; the same text later returns the same compiled formula. */
export function compileFormula(source: string): CompileResult {
  const cached = cache.get(source);
  if (cached) return cached;
  const result = compile(source);
  if (source.length > cachedLength) return result;
  // Oldest first: a Map iterates in insertion order.
  if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
  cache.set(source, result);
  return result;
}

/** Compiles and evaluates in one go (tests, one-off checks). */
export function evaluateFormula(
  source: string,
  values: Readonly<Record<string, unknown>>,
  options?: EvaluateOptions,
): FormulaResult {
  const compiled = compileFormula(source);
  return compiled.ok ? compiled.formula.evaluate(values, options) : compiled;
}
