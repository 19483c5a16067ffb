import { describe, it, expect } from 'vitest';
import {
  signupCategories,
  signupFields,
  validateSignup,
  type SignupForm,
} from '../../../src/core/rules/signup';
import {
  checkPasswordPolicy,
  defaultMinLength,
  minimumLength,
  validatePasswordChange,
  type PasswordPolicy,
} from '../../../src/core/rules/password';

const validSignup: SignupForm = {
  fdmc: 'store-1',
  xm: '张三',
  lxfs: '13800000000',
  xqmj: '120.5',
};

describe('validateSignup', () => {
  it('exports the fields and categories', () => {
    expect(signupFields).toEqual(['fdmc', 'xm', 'lxfs', 'xqmj', 'xqwz', 'pppl', 'zw', 'bz']);
    expect(signupCategories).toEqual(['cosmetics', 'retail-support', 'catering']);
  });

  it('passes the four required fields alone, and with all optional ones', () => {
    expect(validateSignup(validSignup)).toEqual({});
    expect(
      validateSignup({ ...validSignup, xqwz: '一楼', pppl: 'catering', zw: '店长', bz: '备注' }),
    ).toEqual({});
  });

  it('requires store, name, contact and area', () => {
    expect(validateSignup({ xqwz: '', bz: '   ' })).toEqual({
      fdmc: { key: 'rules:signup.storeRequired' },
      xm: { key: 'rules:signup.nameRequired' },
      lxfs: { key: 'rules:signup.contactRequired' },
      xqmj: { key: 'rules:signup.areaRequired' },
    });
    expect(validateSignup({ ...validSignup, xm: '  ' }).xm).toEqual({
      key: 'rules:signup.nameRequired',
    });
  });

  it('wants a positive area of at most 1,000,000', () => {
    const area = (xqmj: unknown) => validateSignup({ ...validSignup, xqmj }).xqmj;
    expect(area('0.01')).toBeUndefined();
    expect(area(1_000_000)).toBeUndefined();
    expect(area('1000000')).toBeUndefined();
    expect(area('1000000.01')).toEqual({ key: 'rules:form.maxValue', params: { max: 1_000_000 } });
    expect(area('0')).toEqual({ key: 'rules:form.positive' });
    expect(area('-5')).toEqual({ key: 'rules:form.positive' });
    expect(area('12㎡')).toEqual({ key: 'rules:form.number' });
    expect(area('abc')).toEqual({ key: 'rules:form.number' });
  });

  it('caps the text lengths', () => {
    const limits: [keyof SignupForm, number][] = [
      ['xm', 50],
      ['lxfs', 50],
      ['xqwz', 100],
      ['zw', 100],
      ['bz', 500],
    ];
    for (const [field, length] of limits) {
      expect(
        validateSignup({ ...validSignup, [field]: '字'.repeat(length) })[field],
      ).toBeUndefined();
      expect(validateSignup({ ...validSignup, [field]: '字'.repeat(length + 1) })[field]).toEqual({
        key: 'rules:form.maxLength',
        params: { length },
      });
    }
  });

  it('accepts only the known brand categories', () => {
    expect(validateSignup({ ...validSignup, pppl: 'cosmetics' }).pppl).toBeUndefined();
    expect(validateSignup({ ...validSignup, pppl: 'retail-support' }).pppl).toBeUndefined();
    expect(validateSignup({ ...validSignup, pppl: 'cars' }).pppl).toEqual({
      key: 'rules:signup.categoryInvalid',
    });
  });
});

const rule = (pwdRule: number, pwdLength = 8): PasswordPolicy => ({
  enable: true,
  pwdRule,
  pwdLength,
});

describe('validatePasswordChange', () => {
  const valid = { old: 'old-one', new: 'abc123', newRepeat: 'abc123' };

  it('passes a complete form without a policy', () => {
    expect(validatePasswordChange(valid, null)).toEqual({});
  });

  it('requires every field', () => {
    expect(validatePasswordChange({}, null)).toEqual({
      old: { key: 'rules:password.oldRequired' },
      new: { key: 'rules:password.newRequired' },
      newRepeat: { key: 'rules:password.repeatRequired' },
    });
  });

  it('uses a minimum length of 6 without an active policy', () => {
    expect(defaultMinLength).toBe(6);
    const short = { key: 'rules:password.minLength', params: { length: 6 } };
    for (const policy of [
      null,
      undefined,
      { enable: false, pwdRule: 4, pwdLength: 12 },
      rule(0, 12),
    ]) {
      expect(
        validatePasswordChange({ ...valid, new: '12345', newRepeat: '12345' }, policy).new,
      ).toEqual(short);
      expect(checkPasswordPolicy('123456', policy)).toBeUndefined();
    }
  });

  it('uses the policy length when a rule is set', () => {
    expect(minimumLength(rule(1, 10))).toBe(10);
    expect(checkPasswordPolicy('a1b2c3d4e', rule(1, 10))).toEqual({
      key: 'rules:password.minLength',
      params: { length: 10 },
    });
    expect(checkPasswordPolicy('a1b2c3d4e5', rule(1, 10))).toBeUndefined();
    expect(checkPasswordPolicy('aaaa', rule(1, 4))).toBeUndefined();
  });

  it('rule 2 needs a digit and a letter', () => {
    expect(checkPasswordPolicy('abcdefgh1', rule(2))).toBeUndefined();
    expect(checkPasswordPolicy('abcdefghi', rule(2))).toEqual({ key: 'rules:password.rule2' });
    expect(checkPasswordPolicy('123456789', rule(2))).toEqual({ key: 'rules:password.rule2' });
  });

  it('rule 3 needs a digit, a letter and a special character', () => {
    expect(checkPasswordPolicy('abcdefg1!', rule(3))).toBeUndefined();
    expect(checkPasswordPolicy('abcdefg12', rule(3))).toEqual({ key: 'rules:password.rule3' });
    expect(checkPasswordPolicy('abcdefg !', rule(3))).toEqual({ key: 'rules:password.rule3' });
    expect(checkPasswordPolicy('abcd efg1', rule(3))).toEqual({ key: 'rules:password.rule3' });
  });

  it('rule 4 needs a digit, an upper-case and a lower-case letter and a special character', () => {
    expect(checkPasswordPolicy('Abcdefg1#', rule(4))).toBeUndefined();
    expect(checkPasswordPolicy('abcdefg1#', rule(4))).toEqual({ key: 'rules:password.rule4' });
    expect(checkPasswordPolicy('ABCDEFG1#', rule(4))).toEqual({ key: 'rules:password.rule4' });
    expect(checkPasswordPolicy('Abcdefgh#', rule(4))).toEqual({ key: 'rules:password.rule4' });
    expect(checkPasswordPolicy('Abcdefgh1', rule(4))).toEqual({ key: 'rules:password.rule4' });
  });

  it('checks length before the character rule', () => {
    expect(checkPasswordPolicy('Ab1#', rule(4, 8))).toEqual({
      key: 'rules:password.minLength',
      params: { length: 8 },
    });
  });

  it('wants the repeat to equal the new password', () => {
    expect(validatePasswordChange({ ...valid, newRepeat: 'abc124' }, null)).toEqual({
      newRepeat: { key: 'rules:password.differ' },
    });
    expect(validatePasswordChange({ ...valid, newRepeat: '' }, null)).toEqual({
      newRepeat: { key: 'rules:password.repeatRequired' },
    });
  });

  it('applies the policy inside the form', () => {
    expect(
      validatePasswordChange({ old: 'x', new: 'abcdefgh', newRepeat: 'abcdefgh' }, rule(2)).new,
    ).toEqual({ key: 'rules:password.rule2' });
  });
});
