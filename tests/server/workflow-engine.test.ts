import { describe, expect, it } from 'vitest';
import { decide, needed } from '../../server/domain/workflow/engine/votes';
import { orderButtons } from '../../server/domain/workflow/model/buttons';
import {
  ConditionSyntaxError,
  evaluateCondition,
  fieldsOf,
  parseCondition,
} from '../../server/domain/workflow/model/condition';
import { validateFormData } from '../../server/domain/workflow/model/form';
import { parseDuration } from '../../server/domain/workflow/model/parse';
import { translate } from '../../server/i18n';

/** The engine's pure parts: the condition language, vote counting, button order, forms. */
describe("the condition language (the online forms' formulas)", () => {
  const holds = (text: string, data: Record<string, unknown>) =>
    evaluateCondition(parseCondition(text), data);

  it('compares numbers, numeric text and strings', () => {
    expect(holds('days > 3', { days: 3.5 })).toBe(true);
    expect(holds('days > 3', { days: 3 })).toBe(false);
    expect(holds('days > 3', { days: '10' })).toBe(true);
    expect(holds('amount >= 10000 && dept == "legal"', { amount: 10000, dept: 'legal' })).toBe(
      true,
    );
    expect(holds('amount >= 10000 && dept == "legal"', { amount: 9999.99, dept: 'legal' })).toBe(
      false,
    );
    expect(holds("dept != 'legal' || urgent", { dept: 'legal', urgent: true })).toBe(true);
    expect(holds('!(a < 2) && b <= 2.5', { a: 2, b: 2.5 })).toBe(true);
    expect(holds('name < "b"', { name: 'a' })).toBe(true);
    // Amounts as the forms store them: decimal text with separators, compared exactly.
    expect(holds("amount > '¥1,000,000.00'", { amount: '1000000.01' })).toBe(true);
  });

  it('means what a formula means: arithmetic, functions, sub-table columns, empty fields', () => {
    expect(holds('amount * 0.1 > 500', { amount: '5000.01' })).toBe(true);
    expect(holds('sum(works.price) >= 100', { works: [{ price: 60 }, { price: '40' }] })).toBe(
      true,
    );
    expect(holds('dateDiff(start, end, "day") >= 3', { start: '2026-11-02', end: '2026-11-05' }))
      .toBe(true); // prettier-ignore
    expect(holds('if(urgent, days > 1, days > 3)', { urgent: false, days: 2 })).toBe(false);
    // A field the data lacks is empty: null, and 0 in a comparison with a number.
    expect(holds('missing == null', {})).toBe(true);
    expect(holds('missing > 1', {})).toBe(false);
    expect(holds('flag == true', { flag: true })).toBe(true);
    expect(holds('text == 3', { text: 'abc' })).toBe(false);
    // "0" and "0.00" do not hold, as in a form's if(); a blank text neither.
    expect(holds('code', { code: '0.00' })).toBe(false);
    expect(holds('code', { code: ' ' })).toBe(false);
    expect(holds('code', { code: 'A1' })).toBe(true);
    // A condition that cannot be evaluated does not hold (the gateway takes another branch).
    expect(holds('total / count > 1', { total: 5, count: 0 })).toBe(false);
  });

  it('reads only its own fields: no properties, unknown calls or globals', () => {
    expect(fieldsOf(parseCondition('a > 1 && (b == "x" || !c) && sum(rows.x) > a'))).toEqual([
      'a',
      'b',
      'c',
      'rows',
    ]);
    expect(holds('constructor == null', {})).toBe(true);
    expect(holds('toString == null', {})).toBe(true);
    for (const text of [
      'process.exit(1)',
      'a > ',
      '(a > 1',
      'a > 1)',
      '',
      '"open',
      'f(1)',
      'a[0]',
    ]) {
      expect(() => parseCondition(text), text).toThrow(ConditionSyntaxError);
    }
    // The reason is the formula engine's, in words.
    expect(() => parseCondition('eval(1)')).toThrow('Unknown function in formula: eval');
    expect(() => parseCondition('a > ')).toThrow(/Formula incomplete/);
  });
});

describe('vote counting', () => {
  it('all must agree by default (100 percent)', () => {
    const rule = { voteType: 'percent' as const, voteAmount: 100, decideType: 'agree' as const };
    expect(needed(rule, 3)).toBe(3);
    expect(decide(rule, { agree: 2, refuse: 0, pending: 1, total: 3 })).toBeNull();
    expect(decide(rule, { agree: 3, refuse: 0, pending: 0, total: 3 })).toBe('pass');
    expect(decide(rule, { agree: 1, refuse: 1, pending: 1, total: 3 })).toBe('refuse');
  });

  it('a percent rounds up; an amount is capped by the voters; abstentions count for nobody', () => {
    expect(needed({ voteType: 'percent', voteAmount: 60, decideType: 'agree' }, 5)).toBe(3);
    expect(needed({ voteType: 'amount', voteAmount: 9, decideType: 'agree' }, 4)).toBe(4);
    const twoOfThree = { voteType: 'amount' as const, voteAmount: 2, decideType: 'agree' as const };
    expect(decide(twoOfThree, { agree: 1, refuse: 0, pending: 0, total: 3 })).toBe('refuse');
    expect(decide(twoOfThree, { agree: 1, refuse: 0, pending: 1, total: 3 })).toBeNull();
  });

  it('decideType refuse: enough oppositions refuse, otherwise it passes once they cannot come', () => {
    const oneNo = { voteType: 'amount' as const, voteAmount: 1, decideType: 'refuse' as const };
    expect(decide(oneNo, { agree: 0, refuse: 1, pending: 2, total: 3 })).toBe('refuse');
    expect(decide(oneNo, { agree: 2, refuse: 0, pending: 1, total: 3 })).toBeNull();
    expect(decide(oneNo, { agree: 3, refuse: 0, pending: 0, total: 3 })).toBe('pass');
  });
});

describe('button order (spec section 4)', () => {
  it('moves startTrans, lockUnlock, endProcess, saveDraft to the end in that order', () => {
    expect(
      orderButtons(
        ['saveDraft', 'agree', 'endProcess', 'lockUnlock', 'inqu', 'startTrans', 'reject'],
        false,
      ),
    ).toEqual(['agree', 'inqu', 'reject', 'startTrans', 'lockUnlock', 'endProcess', 'saveDraft']);
  });

  it('while adding a signature: no lockUnlock, no inqu', () => {
    expect(
      orderButtons(['saveDraft', 'agree', 'endProcess', 'lockUnlock', 'inqu', 'startTrans'], true),
    ).toEqual(['agree', 'startTrans', 'endProcess', 'saveDraft']);
  });
});

describe('timer durations', () => {
  it('reads ISO-8601 durations and refuses the rest', () => {
    expect(parseDuration('PT2H')).toBe(7_200_000);
    expect(parseDuration('P1DT30M')).toBe(88_200_000);
    expect(parseDuration('PT45S')).toBe(45_000);
    for (const text of ['P', 'PT', '2H', 'P1W', 'PT0S', ''])
      expect(parseDuration(text), text).toBeNull();
  });
});

describe('form data against the form', () => {
  const form = {
    fields: [
      {
        name: 'amount',
        label: '金额',
        type: 'money' as const,
        required: true,
        rules: 'decimal:2|min_value:0.01',
      },
      {
        name: 'kind',
        label: '类别',
        type: 'select' as const,
        options: [{ value: 'a', label: 'A' }],
      },
    ],
  };
  const t = (key: string, params?: Record<string, string | number>) =>
    translate('zh-CN', key, params);

  it('keeps numbers as numbers and checks every rule', () => {
    expect(validateFormData(form, { amount: '12.50', kind: 'a' }, t)).toEqual({
      data: { amount: 12.5, kind: 'a' },
    });
    expect(validateFormData(form, { kind: 'a' }, t)).toEqual({
      problem: {
        key: 'server:workflow.fieldInvalid',
        params: { label: '金额', message: '此项为必填项' },
      },
    });
    expect(validateFormData(form, { amount: 1.234 }, t)).toMatchObject({
      problem: { params: { label: '金额' } },
    });
    expect(validateFormData(form, [], t)).toEqual({
      problem: { key: 'server:workflow.dataInvalid', params: {} },
    });
  });

  it('drafts skip the rules but not the shape', () => {
    expect(validateFormData(form, {}, t, false)).toEqual({ data: {} });
    expect(validateFormData(form, { kind: 'b' }, t, false)).toMatchObject({
      problem: { params: { label: '类别', message: '不是可选的值' } },
    });
    expect(validateFormData(form, { other: 1 }, t, false)).toEqual({
      problem: { key: 'server:workflow.unknownField', params: { name: 'other' } },
    });
  });
});
