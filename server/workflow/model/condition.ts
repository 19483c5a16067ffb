/**
 * The condition language of sequence flows (docs/workflow.md, "Conditions"). A tiny
 * expression language over form fields, parsed here and evaluated by walking the tree: no
 * eval, no Function, no access to anything but the form data handed in.
 *
 *   expr    := or
 *   or      := and ('||' and)*
 *   and     := unary ('&&' unary)*
 *   unary   := '!' unary | compare
 *   compare := primary (('==' | '!=' | '>' | '>=' | '<' | '<=') primary)?
 *   primary := number | string | true | false | null | field | '(' expr ')'
 *
 * Strings are in double or single quotes with backslash escapes; fields are form field
 * names (letters, digits, underscore, not starting with a digit).
 */

export type Condition =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'field'; name: string }
  | { kind: 'not'; operand: Condition }
  | { kind: 'logic'; op: '&&' | '||'; left: Condition; right: Condition }
  | { kind: 'compare'; op: CompareOp; left: Condition; right: Condition };

type CompareOp = '==' | '!=' | '>' | '>=' | '<' | '<=';

export class ConditionSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} (at ${position + 1})`);
    this.name = 'ConditionSyntaxError';
  }
}

type Token =
  | { type: 'number'; value: number; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'word'; value: string; at: number }
  | { type: 'op'; value: string; at: number }
  | { type: 'end'; at: number };

const operators = ['&&', '||', '==', '!=', '>=', '<=', '>', '<', '!', '(', ')'];
const maxLength = 2000;

function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < text.length) {
      value += text[++i];
      continue;
    }
    if (char === quote) return { value, end: i + 1 };
    value += char;
  }
  throw new ConditionSyntaxError('unterminated string', start);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (char === '"' || char === "'") {
      const { value, end } = readString(text, i);
      tokens.push({ type: 'string', value, at: i });
      i = end;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), at: i });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ type: 'word', value: word[0], at: i });
      i += word[0].length;
      continue;
    }
    const op = operators.find((candidate) => text.startsWith(candidate, i));
    if (!op) throw new ConditionSyntaxError(`unexpected character "${char}"`, i);
    tokens.push({ type: 'op', value: op, at: i });
    i += op.length;
  }
  tokens.push({ type: 'end', at: text.length });
  return tokens;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private takeOp(...ops: string[]): string | undefined {
    const token = this.peek();
    if (token.type === 'op' && ops.includes(token.value)) {
      this.index++;
      return token.value;
    }
    return undefined;
  }

  parse(): Condition {
    const expr = this.or();
    const rest = this.peek();
    if (rest.type !== 'end') throw new ConditionSyntaxError('unexpected text', rest.at);
    return expr;
  }

  private or(): Condition {
    let left = this.and();
    while (this.takeOp('||')) left = { kind: 'logic', op: '||', left, right: this.and() };
    return left;
  }

  private and(): Condition {
    let left = this.unary();
    while (this.takeOp('&&')) left = { kind: 'logic', op: '&&', left, right: this.unary() };
    return left;
  }

  private unary(): Condition {
    if (this.takeOp('!')) return { kind: 'not', operand: this.unary() };
    return this.compare();
  }

  private compare(): Condition {
    const left = this.primary();
    const op = this.takeOp('==', '!=', '>=', '<=', '>', '<') as CompareOp | undefined;
    return op ? { kind: 'compare', op, left, right: this.primary() } : left;
  }

  private primary(): Condition {
    const token = this.peek();
    this.index++;
    if (token.type === 'number' || token.type === 'string') {
      return { kind: 'literal', value: token.value };
    }
    if (token.type === 'word') {
      if (token.value === 'true') return { kind: 'literal', value: true };
      if (token.value === 'false') return { kind: 'literal', value: false };
      if (token.value === 'null') return { kind: 'literal', value: null };
      return { kind: 'field', name: token.value };
    }
    if (token.type === 'op' && token.value === '(') {
      const inner = this.or();
      if (!this.takeOp(')')) throw new ConditionSyntaxError('missing ")"', this.peek().at);
      return inner;
    }
    throw new ConditionSyntaxError('expected a value or a field', token.at);
  }
}

export function parseCondition(text: string): Condition {
  if (text.length > maxLength) throw new ConditionSyntaxError('condition too long', maxLength);
  if (text.trim() === '') throw new ConditionSyntaxError('empty condition', 0);
  return new Parser(tokenize(text)).parse();
}

/** The form fields a condition reads, to check them against the form at deploy time. */
export function fieldsOf(condition: Condition): string[] {
  switch (condition.kind) {
    case 'field':
      return [condition.name];
    case 'not':
      return fieldsOf(condition.operand);
    case 'logic':
    case 'compare':
      return [...fieldsOf(condition.left), ...fieldsOf(condition.right)];
    default:
      return [];
  }
}

type Value = string | number | boolean | null;

/** Form values as the language sees them: numbers, strings, booleans or null. */
function valueOf(raw: unknown): Value {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'string') return raw;
  return JSON.stringify(raw);
}

/** A number when the value is one or is numeric text ("3", "10000.50"); else undefined. */
function asNumber(value: Value): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

function truthy(value: Value): boolean {
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return value !== 0;
  return value === true;
}

function compareValues(op: CompareOp, left: Value, right: Value): boolean {
  const a = asNumber(left);
  const b = asNumber(right);
  if (a !== undefined && b !== undefined) return order(op, a, b);
  if (op === '==') return left === right;
  if (op === '!=') return left !== right;
  // Ordering needs two numbers or two strings; anything else (null, booleans) is false.
  if (typeof left === 'string' && typeof right === 'string') return order(op, left, right);
  return false;
}

function order<T extends number | string>(op: CompareOp, a: T, b: T): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
  }
}

function evaluateValue(condition: Condition, data: Record<string, unknown>): Value {
  switch (condition.kind) {
    case 'literal':
      return condition.value;
    case 'field':
      return Object.hasOwn(data, condition.name) ? valueOf(data[condition.name]) : null;
    case 'not':
      return !truthy(evaluateValue(condition.operand, data));
    case 'logic': {
      const left = truthy(evaluateValue(condition.left, data));
      if (condition.op === '&&') return left && truthy(evaluateValue(condition.right, data));
      return left || truthy(evaluateValue(condition.right, data));
    }
    case 'compare':
      return compareValues(
        condition.op,
        evaluateValue(condition.left, data),
        evaluateValue(condition.right, data),
      );
  }
}

export function evaluateCondition(condition: Condition, data: Record<string, unknown>): boolean {
  return truthy(evaluateValue(condition, data));
}
