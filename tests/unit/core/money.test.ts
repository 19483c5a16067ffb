import { describe, it, expect } from 'vitest';
import {
  compareMagnitude,
  decimalToString,
  formatCurrency,
  moneyMax,
  parseAmount,
  parseDecimalText,
  roundDecimal,
  toChineseCapitals,
  toChineseCapitalsStrict,
  toDecimal,
  type Decimal,
} from '../../../src/core/money';

function decimal(text: string): Decimal {
  const parsed = parseDecimalText(text);
  if (!parsed) throw new Error(`not a decimal: ${text}`);
  return parsed;
}

describe('parseAmount', () => {
  it('reads plain numbers and numeric text', () => {
    expect(parseAmount(12.5)).toBe(12.5);
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount('-7')).toBe(-7);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount('1e3')).toBe(1000);
  });

  it('strips thousands separators, spaces, currency signs and 元', () => {
    expect(parseAmount('1,234,567.89')).toBe(1234567.89);
    expect(parseAmount(' 1 234 ')).toBe(1234);
    expect(parseAmount('¥1,000')).toBe(1000);
    expect(parseAmount('￥1,000.5')).toBe(1000.5);
    expect(parseAmount('$3')).toBe(3);
    expect(parseAmount('€4.25')).toBe(4.25);
    expect(parseAmount('£-2')).toBe(-2);
    expect(parseAmount('-¥2')).toBe(-2);
    expect(parseAmount('100元')).toBe(100);
    expect(parseAmount('1，000')).toBe(1000);
  });

  it('gives NaN for anything that is not a number', () => {
    for (const value of [
      '',
      '   ',
      'abc',
      '12abc',
      '1.2.3',
      '--1',
      '¥',
      null,
      undefined,
      true,
      {},
      [],
      NaN,
    ]) {
      expect(parseAmount(value), String(value)).toBeNaN();
    }
    expect(parseAmount(Infinity)).toBeNaN();
  });
});

describe('decimal helpers', () => {
  it('parses and prints without exponent notation', () => {
    expect(decimalToString(decimal('1e-7'))).toBe('0.0000001');
    expect(decimalToString(decimal('1.5e3'))).toBe('1500');
    expect(decimalToString(decimal('-0012.50'))).toBe('-12.50');
    expect(decimalToString(decimal('-0.00'))).toBe('0.00');
    expect(toDecimal(1e21)).toEqual({ negative: false, int: '1' + '0'.repeat(21), frac: '' });
    expect(parseDecimalText('1,0')).toBeUndefined();
    expect(parseDecimalText('.')).toBeUndefined();
  });

  it('compares magnitudes', () => {
    expect(compareMagnitude(decimal('99999999999.99'), decimal('100000000000'))).toBe(-1);
    expect(compareMagnitude(decimal('1.50'), decimal('1.5'))).toBe(0);
    expect(compareMagnitude(decimal('-3'), decimal('2'))).toBe(1);
    expect(compareMagnitude(decimal('0.12'), decimal('0.2'))).toBe(-1);
  });

  it('rounds on the digits in every mode', () => {
    const round = (text: string, digits: number, mode: Parameters<typeof roundDecimal>[2]) =>
      decimalToString(roundDecimal(decimal(text), digits, mode));
    expect(round('1.005', 2, 'halfAwayFromZero')).toBe('1.01');
    expect(round('-1.005', 2, 'halfAwayFromZero')).toBe('-1.01');
    expect(round('1.0049', 2, 'halfAwayFromZero')).toBe('1.00');
    expect(round('2.5', 0, 'halfAwayFromZero')).toBe('3');
    expect(round('-2.5', 0, 'halfAwayFromZero')).toBe('-3');
    expect(round('1250', -2, 'halfAwayFromZero')).toBe('1300');
    expect(round('1.21', 1, 'ceil')).toBe('1.3');
    expect(round('-1.29', 1, 'ceil')).toBe('-1.2');
    expect(round('1.29', 1, 'floor')).toBe('1.2');
    expect(round('-1.21', 1, 'floor')).toBe('-1.3');
    expect(round('1.29', 1, 'truncate')).toBe('1.2');
    expect(round('-0.004', 2, 'halfAwayFromZero')).toBe('0.00');
    expect(round('1.5', 3, 'halfAwayFromZero')).toBe('1.5');
  });
});

describe('formatCurrency', () => {
  it('writes two decimals with thousands separators', () => {
    expect(formatCurrency(1234.5)).toBe('1,234.50');
    expect(formatCurrency('1234.5')).toBe('1,234.50');
    expect(formatCurrency(0)).toBe('0.00');
    expect(formatCurrency(999)).toBe('999.00');
    expect(formatCurrency(1000)).toBe('1,000.00');
    expect(formatCurrency(-1234567.891)).toBe('-1,234,567.89');
    expect(formatCurrency('¥1,234.5')).toBe('1,234.50');
  });

  it('rounds half away from zero without binary error', () => {
    expect(formatCurrency(1.005)).toBe('1.01');
    expect(formatCurrency(-1.005)).toBe('-1.01');
    expect(formatCurrency(2.675)).toBe('2.68');
    expect(formatCurrency(1.004)).toBe('1.00');
    expect(formatCurrency(0.1 + 0.2)).toBe('0.30');
    expect(formatCurrency('1234.565')).toBe('1,234.57');
    expect(formatCurrency(-0.001)).toBe('0.00');
  });

  it('stops at moneyMax', () => {
    expect(moneyMax).toBe(99999999999.99);
    expect(formatCurrency(99999999999.99)).toBe('99,999,999,999.99');
    expect(formatCurrency(-99999999999.99)).toBe('-99,999,999,999.99');
    expect(formatCurrency('99999999999.99')).toBe('99,999,999,999.99');
    expect(formatCurrency(100000000000)).toBe('');
    expect(formatCurrency('99999999999.991')).toBe('');
    expect(formatCurrency(-100000000000)).toBe('');
  });

  it('is empty for non-numbers', () => {
    for (const value of ['', 'abc', null, undefined, NaN, Infinity, {}, true]) {
      expect(formatCurrency(value), String(value)).toBe('');
    }
  });
});

describe('toChineseCapitals', () => {
  const cases: [number | string, string][] = [
    [0, '零元整'],
    [10, '壹拾元整'],
    [10.5, '壹拾元伍角'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [100.05, '壹佰元零伍分'],
    [100000.01, '壹拾万元零壹分'],
    [100010001.01, '壹亿零壹万零壹元零壹分'],
    [-5.2, '负伍元贰角'],
    [1234567890123.45, '壹万贰仟叁佰肆拾伍亿陆仟柒佰捌拾玖万零壹佰贰拾叁元肆角伍分'],
    [1010, '壹仟零壹拾元整'],
    [10001000, '壹仟万壹仟元整'],
    [1000000000000, '壹万亿元整'],
    [1000100000000, '壹万零壹亿元整'],
    ['1.00', '壹元'],
    ['0.00', '零元'],
    ['-0', '负零元整'],
    ['¥1,234.5', '壹仟贰佰叁拾肆元伍角'],
  ];
  it.each(cases)('%s → %s', (value, text) => {
    expect(toChineseCapitals(value)).toEqual({ text });
  });

  it('reads 厘 and 毫 (third and fourth decimals)', () => {
    expect(toChineseCapitals('1.2345').text).toBe('壹元贰角叁分肆厘伍毫');
    expect(toChineseCapitals(1.2345).text).toBe('壹元贰角叁分肆厘伍毫');
    expect(toChineseCapitals('10000.0001').text).toBe('壹万元零壹毫');
    expect(toChineseCapitals(0.0001).text).toBe('壹毫');
    expect(toChineseCapitals('0.0105').text).toBe('壹分零伍毫');
    expect(toChineseCapitals('1.1050').text).toBe('壹元壹角零伍厘');
    expect(toChineseCapitals('1.001').text).toBe('壹元零壹厘');
  });

  it('ignores digits beyond the fourth', () => {
    expect(toChineseCapitals('1.23456789').text).toBe('壹元贰角叁分肆厘伍毫');
    expect(toChineseCapitals(1.23456).text).toBe('壹元贰角叁分肆厘伍毫');
    expect(toChineseCapitals('0.00009').text).toBe('零元');
  });

  it('is not fooled by binary noise in number inputs', () => {
    expect(toChineseCapitals(0.3 - 0.1).text).toBe('贰角');
    expect(toChineseCapitals(0.1 + 0.2).text).toBe('叁角');
    expect(toChineseCapitals(1e-7).text).toBe('零元');
  });

  it('accepts values below 1e15 and refuses 1e15 and above', () => {
    expect(toChineseCapitals('999999999999999.9999').text).toBe(
      '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫',
    );
    expect(toChineseCapitals('-999999999999999.9999').text.startsWith('负玖佰')).toBe(true);
    expect(toChineseCapitals(999999999999999).text).toBe(
      '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整',
    );
    const refused = { text: '', failure: { key: 'common:money.tooLarge' } };
    expect(toChineseCapitals('1000000000000000')).toEqual(refused);
    expect(toChineseCapitals(1e15)).toEqual(refused);
    expect(toChineseCapitals(-1e15)).toEqual(refused);
    expect(toChineseCapitals(1e21)).toEqual(refused);
  });

  it('refuses text that is not a number', () => {
    expect(toChineseCapitals('abc')).toEqual({ text: '', failure: { key: 'rules:form.number' } });
    expect(toChineseCapitals('')).toEqual({ text: '', failure: { key: 'rules:form.number' } });
    expect(toChineseCapitals(NaN).failure?.key).toBe('rules:form.number');
  });
});

describe('toChineseCapitalsStrict', () => {
  it('reads grouped and plain amounts alike', () => {
    const text = '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分';
    expect(toChineseCapitalsStrict('1,234,567.89')).toEqual({ text });
    expect(toChineseCapitalsStrict('1234567.89')).toEqual({ text });
    expect(toChineseCapitalsStrict(1234567.89)).toEqual({ text });
    expect(toChineseCapitalsStrict(' 100.05 ')).toEqual({ text: '壹佰元零伍分' });
    expect(toChineseCapitalsStrict('10')).toEqual({ text: '壹拾元整' });
    expect(toChineseCapitalsStrict('.5')).toEqual({ text: '伍角' });
  });

  it('turns an empty input or a zero amount into 零元整', () => {
    for (const input of ['', '   ', null, undefined, '0', '0.00', '0,000', 0]) {
      expect(toChineseCapitalsStrict(input), String(input)).toEqual({ text: '零元整' });
    }
  });

  it('uses at most two decimals', () => {
    expect(toChineseCapitalsStrict('1.2399').text).toBe('壹元贰角叁分');
    expect(toChineseCapitalsStrict('0.001').text).toBe('零元整');
  });

  it('accepts only digits, commas and one dot', () => {
    const failure = { text: '', failure: { key: 'rules:money.characters' } };
    for (const input of ['-1', '1a', '¥1', '1 000', '1..2', '1.2.3', '1e5', -1, NaN]) {
      expect(toChineseCapitalsStrict(input), String(input)).toEqual(failure);
    }
  });

  it('refuses malformed grouping', () => {
    const failure = { text: '', failure: { key: 'rules:money.format' } };
    for (const input of ['12,34', '1,2345', ',123', '1234,567', '1,234.5,6', '.', '1,,234']) {
      expect(toChineseCapitalsStrict(input), input).toEqual(failure);
    }
  });

  it('caps at 99999999999.99', () => {
    expect(toChineseCapitalsStrict('99999999999.99').text).toBe(
      '玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    );
    expect(toChineseCapitalsStrict('99,999,999,999.999').text).toBe(
      '玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    );
    const failure = { text: '', failure: { key: 'common:money.tooLarge' } };
    expect(toChineseCapitalsStrict('100000000000')).toEqual(failure);
    expect(toChineseCapitalsStrict(100000000000)).toEqual(failure);
    expect(toChineseCapitalsStrict('100,000,000,000.00')).toEqual(failure);
  });
});
