import { describe, it, expect } from 'vitest';
import {
  compileFormula,
  evaluateFormula,
  formulaLimits,
  type FormulaResult,
} from '../../src/core/forms/formula-expression';
import { formulaFunctions } from '../../src/core/formula';

/** The value, or a failing expectation that shows the error. */
function value(formula: string, values: Record<string, unknown> = {}, now?: Date): unknown {
  const result = evaluateFormula(formula, values, now ? { now: () => now } : {});
  expect(result, formula).toMatchObject({ ok: true });
  return (result as Extract<FormulaResult, { ok: true }>).value;
}

function error(formula: string, values: Record<string, unknown> = {}): unknown {
  const result = evaluateFormula(formula, values);
  expect(result.ok, formula).toBe(false);
  return (result as Extract<FormulaResult, { ok: false }>).error;
}

describe('arithmetic', () => {
  it('is decimal-exact', () => {
    expect(value('0.1 + 0.2')).toBe(0.3);
    expect(value('0.3 - 0.1')).toBe(0.2);
    expect(value('1.1 * 3')).toBe(3.3);
    expect(value('0.3 / 0.1')).toBe(3);
    expect(value('5.5 % 2')).toBe(1.5);
    expect(value('a + b', { a: 0.1, b: 0.2 })).toBe(0.3);
    expect(value('0.1 + 0.2 == 0.3')).toBe(true);
  });

  it('follows precedence and associativity', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('(1 + 2) * 3')).toBe(9);
    expect(value('10 - 4 - 3')).toBe(3);
    expect(value('2 * 3 % 4')).toBe(2);
    expect(value('100 / 10 / 5')).toBe(2);
    expect(value('-2 * -3')).toBe(6);
    expect(value('-(2 + 3) * 2')).toBe(-10);
    expect(value('1 + 2 > 2 && 3 < 2 || 1')).toBe(true);
    expect(value('1 + 2 > 2 && 3 < 2')).toBe(false);
    expect(value('!0 + 1')).toBe(2);
  });

  it('divides to the nearest double and keeps the sign of the dividend in %', () => {
    expect(value('1 / 3')).toBe(1 / 3);
    expect(value('2 / 3')).toBe(2 / 3);
    expect(value('-7 % 3')).toBe(-1);
    expect(value('7 % -3')).toBe(1);
    // Small quotients keep their significant digits (a fixed scale would give 0).
    expect(value('1e-20 / 3')).toBeCloseTo(1e-20 / 3, 30);
  });

  it('counts non-numbers as 0 and strips separators and currency signs', () => {
    expect(value("'abc' + 1")).toBe(1);
    expect(value('a * b', { a: '¥1,200.50', b: 3 })).toBe(3601.5);
    expect(value('a + 1', { a: null })).toBe(1);
    expect(value('a + 1', { a: undefined })).toBe(1);
    expect(value('a + 1', { a: { nested: 5 } })).toBe(1);
    expect(value('(1 < 2) * 10')).toBe(10);
  });

  it('reports division by zero as an error, not Infinity', () => {
    expect(error('1 / 0')).toEqual({ key: 'forms:formula.divisionByZero' });
    expect(error('1 % 0')).toEqual({ key: 'forms:formula.divisionByZero' });
    expect(error('a / b', { a: 1, b: '' })).toEqual({ key: 'forms:formula.divisionByZero' });
    expect(value('if(b = 0, 0, a / b)', { a: 1, b: 0 })).toBe(0);
    expect(value('b != 0 && a / b > 1', { a: 1, b: 0 })).toBe(false);
  });

  it('reports non-finite results', () => {
    expect(error('sqrt(-1)')).toEqual({ key: 'forms:formula.notANumber' });
    expect(error('1e308 * 10')).toEqual({ key: 'forms:formula.notANumber' });
  });
});

describe('comparisons and if', () => {
  it('compares numbers as numbers and other texts as text', () => {
    expect(value("'10' > '9'")).toBe(true);
    expect(value("'abc' < 'abd'")).toBe(true);
    expect(value("'2026-01-31' < '2026-02-01'")).toBe(true);
    expect(value("'a' = 'a'")).toBe(true);
    expect(value("'a' <> 'b'")).toBe(true);
    expect(value('a >= 3', { a: '3.0' })).toBe(true);
  });

  it('reads true, false and null as values, not fields', () => {
    expect(value('true && !false')).toBe(true);
    expect(value('a == null', { a: undefined })).toBe(true);
    expect(value('if(flag == true, 1, 2)', { flag: true })).toBe(1);
    expect(compileFormula('true + 1').ok && compileFormula('true + 1')).toMatchObject({
      formula: { references: [] },
    });
  });

  it('evaluates only the branch taken; without an else it gives an empty text', () => {
    expect(value("if(a > 1, 'big', 'small')", { a: 2 })).toBe('big');
    expect(value("if(a > 1, 'big', 'small')", { a: 1 })).toBe('small');
    expect(value('if(0, 1)')).toBe('');
    expect(value("if('0', 1, 2)")).toBe(2);
    expect(value("if(' ', 1, 2)")).toBe(2);
    expect(value("if('x', 1, 2)")).toBe(1);
  });
});

describe('fields and sub-table columns', () => {
  const record = {
    deposit: '1,000',
    works: [{ amount: '1,200.10' }, { amount: 0.2 }, {}, { amount: '' }],
  };

  it('reads a column as an array that the helpers flatten', () => {
    expect(value('sum(works.amount)', record)).toBe(1200.3);
    expect(value('count(works.amount)', record)).toBe(2);
    expect(value('max(works.amount)', record)).toBe(1200.1);
    expect(value('works.amount + deposit', record)).toBe(2200.3);
    expect(value('round(average(works.amount), 1)', record)).toBe(600.2);
  });

  it('refuses fields that are not in the values', () => {
    expect(error('price * 2')).toEqual({
      key: 'forms:formula.unknownField',
      params: { name: 'price' },
    });
    expect(error('sum(works.amount)', { works: 5 })).toEqual({
      key: 'forms:formula.unknownField',
      params: { name: 'works.amount' },
    });
    // Inherited names are not fields.
    expect(error('constructor + 1')).toMatchObject({ key: 'forms:formula.unknownField' });
    expect(error('__proto__')).toMatchObject({ key: 'forms:formula.unknownField' });
  });

  it('lists the fields a formula reads', () => {
    const compiled = compileFormula('round(price * qty, 2) + sum(works.amount)');
    expect(compiled.ok && compiled.formula.references).toEqual([
      { field: 'price' },
      { field: 'qty' },
      { table: 'works', field: 'amount' },
    ]);
  });
});

describe('functions', () => {
  it('offers every formula helper, names in any case', () => {
    expect(value('sum(1, 2, 3)')).toBe(6);
    expect(value('SUM(0.1, 0.2)')).toBe(0.3);
    expect(value('average(1, 2)')).toBe(1.5);
    expect(value("count(1, '', 'x')")).toBe(2);
    expect(value('min(3, 1, 2)')).toBe(1);
    expect(value('max(3, 1, 2)')).toBe(3);
    expect(value('round(1.005, 2)')).toBe(1.01);
    expect(value('round(-2.5)')).toBe(-3);
    expect(value('ceil(1.21, 1)')).toBe(1.3);
    expect(value('floor(-1.21, 1)')).toBe(-1.3);
    expect(value('abs(-4)')).toBe(4);
    expect(value('sqrt(16)')).toBe(4);
    expect(value('fixed(1.5, 2)')).toBe('1.50');
    expect(value('capitals(1234.5)')).toBe('壹仟贰佰叁拾肆元伍角');
    expect(value("capitals('100,000.01')")).toBe('壹拾万元零壹分');
  });

  it('can call every helper of formula.ts, with the same result', () => {
    const withDigits = new Set([
      'sum',
      'average',
      'count',
      'min',
      'max',
      'round',
      'ceil',
      'floor',
      'fixed',
    ]);
    const names = Object.keys(formulaFunctions);
    expect(names.length).toBeGreaterThanOrEqual(12);
    for (const name of names) {
      const helper = formulaFunctions[name] as (...args: unknown[]) => unknown;
      const args = withDigits.has(name) ? ['1,234.565', 2] : ['1,234.565'];
      const formula = withDigits.has(name) ? `${name}(a, 2)` : `${name}(a)`;
      expect(value(formula, { a: '1,234.565' }), name).toBe(helper(...args));
    }
  });

  it('offers string functions counted in characters', () => {
    expect(value("concat('a', 1.5, '-', 2 > 1)")).toBe('a1.5-true');
    expect(value("len('中文😀')")).toBe(3);
    expect(value("left('中文abc', 2)")).toBe('中文');
    expect(value("right('中文abc', 2)")).toBe('bc');
    expect(value("right('abc', 0)")).toBe('');
    expect(value("mid('中文abc', 2, 2)")).toBe('文a');
    expect(value("upper('abc')")).toBe('ABC');
    expect(value("lower('ABC')")).toBe('abc');
    expect(value("trim('  a b  ')")).toBe('a b');
    expect(value("replace('a-b-c', '-', '/')")).toBe('a/b/c');
    expect(value("replace('a.b', '.', '')")).toBe('ab');
    expect(value("replace('abc', '', 'x')")).toBe('abc');
    expect(value("'it\\'s'")).toBe("it's");
    expect(value('"double"')).toBe('double');
  });

  it('refuses unknown functions and wrong argument counts', () => {
    expect(error('foo(1)')).toEqual({
      key: 'forms:formula.unknownFunction',
      params: { name: 'foo' },
    });
    expect(error('toString(1)')).toMatchObject({ key: 'forms:formula.unknownFunction' });
    expect(error('constructor(1)')).toMatchObject({ key: 'forms:formula.unknownFunction' });
    expect(error('round()')).toEqual({
      key: 'forms:formula.argumentCount',
      params: { name: 'round', expected: '1-2' },
    });
    expect(error("dateAdd('2026-01-01', 1)")).toEqual({
      key: 'forms:formula.argumentCount',
      params: { name: 'dateAdd', expected: '3' },
    });
  });

  it('bounds the text a formula can build', () => {
    const tenfold = "replace(X, 'a', 'aaaaaaaaaa')";
    let formula = "'aaaaaaaaaa'";
    for (let step = 0; step < 5; step += 1) formula = tenfold.replace('X', formula);
    expect(error(formula)).toEqual({
      key: 'forms:formula.textTooLong',
      params: { max: 100_000 },
    });
  });
});

describe('dates', () => {
  it('adds across month ends and leap years (month ends clamp)', () => {
    expect(value("dateAdd('2024-01-31', 1, 'month')")).toBe('2024-02-29');
    expect(value("dateAdd('2026-01-31', 1, 'month')")).toBe('2026-02-28');
    expect(value("dateAdd('2024-02-29', 1, 'year')")).toBe('2025-02-28');
    expect(value("dateAdd('2024-02-29', 4, 'year')")).toBe('2028-02-29');
    expect(value("dateAdd('2026-12-31', 1, 'day')")).toBe('2027-01-01');
    expect(value("dateAdd('2026-03-01', -1, 'day')")).toBe('2026-02-28');
    expect(value("dateAdd('2026-03-31', -1, 'month')")).toBe('2026-02-28');
    expect(value("dateAdd('2026-01-01', 1.9, 'month')")).toBe('2026-02-01');
  });

  it('gives a time once a time is involved', () => {
    expect(value("dateAdd('2026-02-28', 25, 'hour')")).toBe('2026-03-01 01:00:00');
    expect(value("dateAdd('2026-02-28 23:59:30', 45, 'second')")).toBe('2026-03-01 00:00:15');
    expect(value("dateAdd('2026-02-28 10:00', 1, 'day')")).toBe('2026-03-01 10:00:00');
    expect(value("dateAdd('2026-02-28', 90, 'minute')")).toBe('2026-02-28 01:30:00');
  });

  it('counts whole units between dates', () => {
    expect(value("dateDiff('2024-02-01', '2024-03-01', 'day')")).toBe(29);
    expect(value("dateDiff('2026-02-01', '2026-03-01', 'day')")).toBe(28);
    // The inverse of dateAdd: 2024-01-31 + 1 month is 2024-02-29, a whole month.
    expect(value("dateDiff('2024-01-31', '2024-02-29', 'month')")).toBe(1);
    expect(value("dateDiff('2024-01-31', '2024-02-28', 'month')")).toBe(0);
    expect(value("dateDiff('2024-02-29', '2024-03-31', 'month')")).toBe(1);
    expect(value("dateDiff('2024-02-29', '2025-02-28', 'year')")).toBe(1);
    expect(value("dateDiff('2024-02-29', '2025-02-27', 'year')")).toBe(0);
    expect(value("dateDiff('2024-02-29', '2028-02-29', 'year')")).toBe(4);
    expect(value("dateDiff('2026-03-01', '2026-02-01', 'day')")).toBe(-28);
    expect(value("dateDiff('2026-01-01', '2026-01-02 12:00', 'hour')")).toBe(36);
    expect(value("dateDiff('2026-01-01 00:00:00', '2026-01-01 00:01:30', 'second')")).toBe(90);
    expect(value("dateDiff('2026-01-01 00:00:00', '2026-01-01 00:01:30', 'minute')")).toBe(1);
    expect(
      value("dateDiff(start, end, 'day') + 1", { start: '2026-01-30', end: '2026-02-02' }),
    ).toBe(4);
  });

  it('reads parts and formats', () => {
    expect(value("year('2024-02-29')")).toBe(2024);
    expect(value("month('2024-02-29')")).toBe(2);
    expect(value("day('2024-02-29')")).toBe(29);
    expect(value("dateFormat('2024-02-29 08:05:00', 'YYYY年MM月DD日 HH:mm')")).toBe(
      '2024年02月29日 08:05',
    );
  });

  it('takes today() and now() from the clock given', () => {
    const now = new Date(2024, 1, 29, 23, 30, 5);
    expect(value('today()', {}, now)).toBe('2024-02-29');
    expect(value('now()', {}, now)).toBe('2024-02-29 23:30:05');
    expect(value("dateAdd(today(), 1, 'day')", {}, now)).toBe('2024-03-01');
  });

  it('gives an empty text for empty or impossible dates', () => {
    expect(value("dateAdd('', 1, 'day')")).toBe('');
    expect(value("dateAdd('2026-02-29', 1, 'day')")).toBe('');
    expect(value("dateDiff(a, '2026-01-01', 'day')", { a: null })).toBe('');
    expect(value('year(20240229)')).toBe('');
  });

  it('accepts year to second only', () => {
    for (const unit of ['week', 'days', 'Day', 'quarter', 'millisecond', 'ms', '']) {
      expect(error(`dateAdd('2026-01-01', 1, '${unit}')`), unit).toEqual({
        key: 'forms:formula.badUnit',
        params: { unit },
      });
    }
    // A unit from a field is checked when evaluated.
    expect(error("dateDiff('2026-01-01', '2026-02-01', u)", { u: 'week' })).toEqual({
      key: 'forms:formula.badUnit',
      params: { unit: 'week' },
    });
    expect(value("dateDiff('2026-01-01', '2026-02-01', u)", { u: 'day' })).toBe(31);
  });
});

describe('syntax and limits', () => {
  it('reports the position of a syntax error', () => {
    expect(error('1 + $')).toEqual({
      key: 'forms:formula.syntax',
      params: { position: 5, near: '$' },
    });
    expect(error('(1 + 2')).toEqual({
      key: 'forms:formula.unexpectedEnd',
      params: { position: 7 },
    });
    expect(error('1 +')).toEqual({ key: 'forms:formula.unexpectedEnd', params: { position: 4 } });
    expect(error('sum(1,)')).toEqual({
      key: 'forms:formula.syntax',
      params: { position: 7, near: ')' },
    });
    expect(error('a b')).toEqual({
      key: 'forms:formula.syntax',
      params: { position: 3, near: 'b' },
    });
    expect(error('a.b.c', { a: [] })).toEqual({
      key: 'forms:formula.syntax',
      params: { position: 4, near: '.' },
    });
    expect(error("concat('abc")).toEqual({
      key: 'forms:formula.unterminatedText',
      params: { position: 8 },
    });
    expect(error('')).toEqual({ key: 'forms:formula.unexpectedEnd', params: { position: 1 } });
  });

  it('refuses a 5,000-deep expression with an error, not a stack overflow', () => {
    const deep = [
      '('.repeat(5000) + '1' + ')'.repeat(5000),
      '-'.repeat(5000) + '1',
      // 5,000 calls would pass the length limit; 3,000 are still far too deep.
      'abs('.repeat(3000) + '1' + ')'.repeat(3000),
      Array.from({ length: 5000 }, () => '1').join('+'),
      Array.from({ length: 5000 }, () => '2').join('*'),
    ];
    for (const formula of deep) {
      expect(error(formula), formula.slice(0, 10)).toEqual({
        key: 'forms:formula.tooDeep',
        params: { max: formulaLimits.maxDepth },
      });
    }
    expect(value('('.repeat(150) + '1' + ')'.repeat(150))).toBe(1);
    expect(value(Array.from({ length: 150 }, () => '1').join('+'))).toBe(150);
  });

  it('refuses formulas longer than the limit', () => {
    expect(error('1' + ' '.repeat(formulaLimits.maxLength))).toEqual({
      key: 'forms:formula.tooLong',
      params: { max: formulaLimits.maxLength },
    });
  });

  it('parses once: the same text gives the same compiled formula, evaluated many times', () => {
    const first = compileFormula('price * qty');
    const second = compileFormula('price * qty');
    expect(second).toBe(first);
    if (!first.ok) throw new Error('did not compile');
    expect(first.formula.evaluate({ price: 2, qty: 3 })).toEqual({ ok: true, value: 6 });
    expect(first.formula.evaluate({ price: 0.1, qty: 3 })).toEqual({ ok: true, value: 0.3 });
  });
});

describe('hostile values', () => {
  it('takes a huge exponent for 0 instead of writing out its digits', () => {
    const huge = '1e500000000';
    const started = performance.now();
    expect(value('a + 1', { a: huge })).toBe(1);
    expect(value('sum(a, 2)', { a: huge })).toBe(2);
    expect(value('sum(w.x)', { w: [{ x: huge }, { x: '-1,0e9999' }, { x: 3 }] })).toBe(3);
    expect(value('if(a, 1, 2)', { a: huge })).toBe(2);
    expect(value('a > 0', { a: '1e-500000000' })).toBe(false);
    expect(value("round('1e500000000', 2)")).toBe(0);
    expect(value('concat(a)', { a: huge })).toBe(huge);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
