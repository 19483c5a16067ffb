import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { computeFormulas } from '../../src/core/forms/compute';
import type { FormDefinition, FormField } from '../../src/core/forms/definition';
import { t } from '../../src/core/i18n';
import '../../src/core/i18n/forms';

function field(name: string, extra: Partial<FormField> = {}): FormField {
  return { name, label: name, type: 'text', ...extra };
}

function form(fields: FormField[], works: FormField[] = []): FormDefinition {
  return {
    key: 'test',
    name: 'test',
    fields,
    subTables: works.length ? [{ name: 'works', label: '工程', fields: works }] : [],
  };
}

/** A fitting-out application, with the formulas listed before the fields they read. */
const fittingOut = form(
  [
    field('tax', { type: 'money', formula: 'round(total * taxRate, 2)' }),
    field('totalCapitals', { capitalsOf: 'total' }),
    field('total', { type: 'money', formula: 'sum(works.amount) + deposit' }),
    field('deposit', { type: 'money' }),
    field('taxRate', { type: 'decimal' }),
    field('startDate', { type: 'date' }),
    field('endDate', { type: 'date' }),
    field('days', { type: 'number', formula: "dateDiff(startDate, endDate, 'day') + 1" }),
    field('handover', { type: 'date', formula: "dateAdd(endDate, 1, 'month')" }),
    field('rate', { type: 'decimal' }),
  ],
  [
    field('item'),
    field('quantity', { type: 'number' }),
    field('price', { type: 'money' }),
    field('amount', { type: 'money', formula: 'round(quantity * price * rate, 2)' }),
    // A row field named like a main field: the row's own value wins.
    field('rate', { type: 'decimal' }),
    field('share', { type: 'decimal', formula: 'round(amount / sum(works.amount), 4)' }),
  ],
);

const application = {
  deposit: '¥5,000.10',
  taxRate: '0.06',
  startDate: '2024-01-31',
  endDate: '2024-02-29',
  rate: 100,
  works: [
    { item: '吊顶', quantity: 3, price: '0.1', rate: 1 },
    { item: '地面', quantity: '2', price: '1,200.35', rate: '1' },
    { item: '照明', quantity: 10, price: 19.99, rate: 0.5 },
  ],
};

describe('computeFormulas', () => {
  it('computes sub-table rows, then the fields that read them, in dependency order', () => {
    const { values, errors } = computeFormulas(fittingOut, application);
    expect(errors).toEqual([]);
    const rows = values.works as Record<string, unknown>[];
    expect(rows.map((row) => row.amount)).toEqual([0.3, 2400.7, 99.95]);
    expect(values.total).toBe(7501.05);
    expect(values.tax).toBe(450.06);
    expect(values.totalCapitals).toBe('柒仟伍佰零壹元零伍分');
    expect(rows.map((row) => row.share)).toEqual([0.0001, 0.9599, 0.04]);
    expect(values.days).toBe(30);
    expect(values.handover).toBe('2024-03-29');
  });

  it('does not change its input', () => {
    const input = structuredClone(application);
    computeFormulas(fittingOut, input);
    expect(input).toEqual(application);
  });

  it('uses the main field when a row has no field of that name', () => {
    const definition = form(
      [field('discount', { type: 'decimal' })],
      [field('price'), field('net', { formula: 'price * (1 - discount)' })],
    );
    const { values, errors } = computeFormulas(definition, {
      discount: 0.1,
      works: [{ price: 100 }, { price: '0.3' }],
    });
    expect(errors).toEqual([]);
    expect((values.works as Record<string, unknown>[]).map((row) => row.net)).toEqual([90, 0.27]);
  });

  it('spells the amount of each row in capitals', () => {
    const definition = form(
      [],
      [
        field('amount', { formula: 'price * 2' }),
        field('price'),
        field('words', { capitalsOf: 'amount' }),
      ],
    );
    const { values, errors } = computeFormulas(definition, {
      works: [{ price: 0.05 }, { price: '' }],
    });
    expect(errors).toEqual([]);
    expect((values.works as Record<string, unknown>[]).map((row) => row.words)).toEqual([
      '壹角',
      '零元整',
    ]);
  });

  it('treats missing fields and a missing sub-table as empty', () => {
    const { values, errors } = computeFormulas(fittingOut, {});
    expect(errors).toEqual([]);
    expect(values.works).toEqual([]);
    expect(values.total).toBe(0);
    expect(values.totalCapitals).toBe('零元整');
    expect(values.days).toBe(1);
    expect(values.handover).toBe('');
  });

  it('writes capitals of a money field, blank for a blank amount, an error above the limit', () => {
    const definition = form([
      field('amount', { type: 'money' }),
      field('words', { capitalsOf: 'amount' }),
    ]);
    expect(computeFormulas(definition, { amount: '1,234,567.89' }).values.words).toBe(
      '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分',
    );
    expect(computeFormulas(definition, { amount: 100 }).values.words).toBe('壹佰元整');
    expect(computeFormulas(definition, { amount: '' }).values.words).toBe('');
    const tooLarge = computeFormulas(definition, { amount: 100_000_000_000 });
    expect(tooLarge.values.words).toBe('');
    expect(tooLarge.errors).toEqual([{ field: 'words', key: 'common:money.tooLarge' }]);
    const negative = computeFormulas(definition, { amount: -5 });
    expect(negative.errors).toEqual([{ field: 'words', key: 'rules:money.characters' }]);
  });

  it('reports the row where a row formula fails and computes the other rows', () => {
    const definition = form([], [field('a'), field('b'), field('ratio', { formula: 'a / b' })]);
    const { values, errors } = computeFormulas(definition, {
      works: [
        { a: 1, b: 4 },
        { a: 1, b: 0 },
        { a: 3, b: 2, ratio: 'stale' },
      ],
    });
    expect((values.works as Record<string, unknown>[]).map((row) => row.ratio)).toEqual([
      0.25,
      '',
      1.5,
    ]);
    expect(errors).toEqual([
      { field: 'ratio', table: 'works', row: 1, key: 'forms:formula.divisionByZero' },
    ]);
  });

  it('names the fields of a cycle, blanks them and still computes the others', () => {
    const definition = form([
      field('a', { formula: 'b + 1' }),
      field('b', { formula: 'c + 1' }),
      field('c', { formula: 'a + 1' }),
      field('self', { formula: 'self * 2' }),
      field('x'),
      field('y', { formula: 'x * 2' }),
    ]);
    const { values, errors } = computeFormulas(definition, { a: 5, b: 6, c: 7, self: 3, x: 21 });
    expect(values).toMatchObject({ a: '', b: '', c: '', self: '', y: 42 });
    const cycle = 'a → b → c → a';
    expect(errors).toEqual([
      { field: 'a', key: 'forms:formula.cycle', params: { fields: cycle } },
      { field: 'b', key: 'forms:formula.cycle', params: { fields: cycle } },
      { field: 'c', key: 'forms:formula.cycle', params: { fields: cycle } },
      { field: 'self', key: 'forms:formula.cycle', params: { fields: 'self → self' } },
    ]);
  });

  it('finds a cycle that runs through a sub-table', () => {
    const definition = form(
      [field('total', { formula: 'sum(works.amount)' })],
      [field('amount', { formula: 'total / 2' })],
    );
    const { values, errors } = computeFormulas(definition, { total: 4, works: [{ amount: 1 }] });
    expect(values.total).toBe('');
    expect((values.works as Record<string, unknown>[])[0]?.amount).toBe('');
    expect(errors.map((error) => [error.field, error.table, error.key])).toEqual([
      ['total', undefined, 'forms:formula.cycle'],
      ['amount', 'works', 'forms:formula.cycle'],
    ]);
    expect(errors[0]?.params).toEqual({ fields: 'total → works.amount → total' });
  });

  it('refuses formulas that read unknown fields or do not compile, field by field', () => {
    const definition = form(
      [
        field('a', { formula: 'missing + 1' }),
        field('b', { formula: 'sum(works.nothing)' }),
        field('c', { formula: 'sum(other.amount)' }),
        field('d', { formula: "dateAdd(start, 1, 'week')" }),
        field('e', { formula: '-'.repeat(5000) + '1' }),
        field('f', { formula: 'round(1.005, 2) +' }),
        field('g', { capitalsOf: 'nowhere' }),
        field('h', { formula: 'works' }),
        field('start', { type: 'date' }),
        field('ok', { formula: 'round(1.005, 2)' }),
      ],
      [field('amount')],
    );
    const { values, errors } = computeFormulas(definition, { a: 'stale' });
    expect(values).toMatchObject({
      a: '',
      b: '',
      c: '',
      d: '',
      e: '',
      f: '',
      g: '',
      h: '',
      ok: 1.01,
    });
    expect(errors).toEqual([
      { field: 'a', key: 'forms:formula.unknownField', params: { name: 'missing' } },
      { field: 'b', key: 'forms:formula.unknownField', params: { name: 'works.nothing' } },
      { field: 'c', key: 'forms:formula.unknownField', params: { name: 'other.amount' } },
      { field: 'd', key: 'forms:formula.badUnit', params: { unit: 'week' } },
      { field: 'e', key: 'forms:formula.tooDeep', params: { max: 200 } },
      { field: 'f', key: 'forms:formula.unexpectedEnd', params: { position: 18 } },
      { field: 'g', key: 'forms:formula.unknownField', params: { name: 'nowhere' } },
      { field: 'h', key: 'forms:formula.unknownField', params: { name: 'works' } },
    ]);
  });

  it('keeps hostile names as plain data', () => {
    const definition = form([field('__proto__', { formula: '1 + 1' }), field('constructor')]);
    const { values } = computeFormulas(definition, JSON.parse('{"__proto__": {"polluted": 1}}'));
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.hasOwn(values, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(values, '__proto__')?.value).toBe(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('takes today() from the clock given', () => {
    const definition = form([field('due', { formula: "dateAdd(today(), 1, 'month')" })]);
    const now = () => new Date(2026, 0, 31, 12);
    expect(computeFormulas(definition, {}, { now }).values.due).toBe('2026-02-28');
  });
});

describe('forms messages', () => {
  const dir = join(import.meta.dirname, '../../src/core/i18n');
  type Messages = { [key: string]: string | Messages };
  const flat = (messages: Messages, prefix = ''): string[] =>
    Object.entries(messages).flatMap(([key, text]) =>
      typeof text === 'string' ? [prefix + key] : flat(text, `${prefix}${key}.`),
    );
  const keys = (language: string): string[] =>
    flat(JSON.parse(readFileSync(join(dir, language, 'forms.json'), 'utf8')) as Messages).map(
      (key) => `forms:${key}`,
    );

  it('has every key the formula code can return, in both languages', () => {
    const sourceDir = join(import.meta.dirname, '../../src/core/forms');
    const used = new Set<string>();
    for (const file of readdirSync(sourceDir)) {
      const text = readFileSync(join(sourceDir, file), 'utf8');
      for (const match of text.matchAll(/'(forms:[\w.]+)'/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(10);
    expect(keys('zh-CN').sort()).toEqual(keys('en-US').sort());
    for (const key of used) expect(keys('zh-CN'), key).toContain(key);
  });

  it('titles the notification and fills in params', () => {
    expect(t('forms:formula.title', { lng: 'zh-CN' })).toBe('公式错误');
    expect(t('forms:formula.title', { lng: 'en-US' })).toBe('Formula error');
    expect(t('forms:formula.syntax', { lng: 'zh-CN', position: 5, near: '$' })).toBe(
      '公式语法错误：第 5 个字符“$”处',
    );
    expect(t('forms:formula.cycle', { lng: 'en-US', fields: 'a → b → a' })).toBe(
      'Formulas refer to each other in a circle: a → b → a',
    );
  });
});
