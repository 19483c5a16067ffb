import { describe, it, expect } from 'vitest';
import { accountPattern, validateLogin } from '../../../src/core/rules/login';
import {
  checkCode,
  checkCooldown,
  codeCooldownSeconds,
  codeLimit,
  cooldownRemaining,
  formatCode,
  generateCode,
  mobilePattern,
  validateCode,
  validateMobile,
} from '../../../src/core/rules/mobile';

describe('validateLogin', () => {
  it('passes a well-formed account and any password', () => {
    expect(validateLogin({ account: 'ab', password: 'x' })).toEqual({});
    expect(validateLogin({ account: 'a'.repeat(20), password: ' ' })).toEqual({});
    expect(validateLogin({ account: 'SZHY_shop-01', password: 'secret' })).toEqual({});
  });

  it('requires the account', () => {
    for (const account of ['', '   ', null, undefined]) {
      expect(validateLogin({ account, password: 'p' }).account).toEqual({
        key: 'rules:login.accountRequired',
      });
    }
  });

  it('checks the account format: 2–20 letters, digits, _ or -', () => {
    const format = { key: 'rules:login.accountFormat' };
    for (const account of ['a', 'a'.repeat(21), 'ab cd', ' ab', 'ab.cd', '张三', 'ab@c']) {
      expect(validateLogin({ account, password: 'p' }).account, account).toEqual(format);
    }
    expect(accountPattern.test('a_-9')).toBe(true);
    expect(accountPattern.test('a!')).toBe(false);
  });

  it('requires the password', () => {
    for (const password of ['', null, undefined]) {
      expect(validateLogin({ account: 'admin', password })).toEqual({
        password: { key: 'rules:login.passwordRequired' },
      });
    }
  });

  it('reports both fields at once', () => {
    expect(validateLogin({})).toEqual({
      account: { key: 'rules:login.accountRequired' },
      password: { key: 'rules:login.passwordRequired' },
    });
  });
});

describe('mobile rules', () => {
  it('accepts 11-digit numbers starting 13–19', () => {
    for (const mobile of ['13000000000', '15912345678', '19999999999']) {
      expect(validateMobile(mobile), mobile).toBeUndefined();
    }
    expect(mobilePattern.source).toBe('^1[3-9]\\d{9}$');
  });

  it('refuses anything else', () => {
    for (const mobile of [
      '12000000000',
      '10000000000',
      '1591234567',
      '159123456789',
      '2591234567a',
      ' 15912345678',
      '',
      null,
      undefined,
    ]) {
      expect(validateMobile(mobile), String(mobile)).toEqual({ key: 'rules:mobile.invalid' });
    }
  });

  it('validates the code format: 1–6 digits', () => {
    for (const code of ['0', '0042', '123456']) expect(validateCode(code), code).toBeUndefined();
    for (const code of ['', null, undefined, '1234567', '12a4', ' 1234', '-1']) {
      expect(validateCode(code), String(code)).toEqual({ key: 'rules:mobile.codeInvalid' });
    }
  });

  it('compares the code with the one sent', () => {
    expect(checkCode('0042', 42)).toBeUndefined();
    expect(checkCode('42', '0042')).toBeUndefined();
    expect(checkCode('0043', 42)).toEqual({ key: 'rules:mobile.codeWrong' });
    expect(checkCode('', 42)).toEqual({ key: 'rules:mobile.codeInvalid' });
  });

  it('draws codes below 10000 and shows them with four digits', () => {
    expect(codeLimit).toBe(10000);
    expect(generateCode(() => 0)).toBe(0);
    expect(generateCode(() => 0.99999999)).toBe(9999);
    expect(generateCode(() => 0.5)).toBe(5000);
    for (let index = 0; index < 100; index += 1) {
      const code = generateCode();
      expect(Number.isInteger(code) && code >= 0 && code < codeLimit).toBe(true);
    }
    expect(formatCode(42)).toBe('0042');
    expect(formatCode(0)).toBe('0000');
    expect(formatCode(9999)).toBe('9999');
  });

  it('enforces the 60-second cooldown', () => {
    expect(codeCooldownSeconds).toBe(60);
    const sentAt = 1_000_000;
    expect(cooldownRemaining(sentAt, sentAt)).toBe(60);
    expect(cooldownRemaining(sentAt, sentAt + 59_001)).toBe(1);
    expect(cooldownRemaining(sentAt, sentAt + 60_000)).toBe(0);
    expect(cooldownRemaining(sentAt, sentAt - 5_000)).toBe(60);
    expect(checkCooldown(sentAt, sentAt + 30_000)).toEqual({
      key: 'rules:mobile.cooldown',
      params: { seconds: 30 },
    });
    expect(checkCooldown(sentAt, sentAt + 60_000)).toBeUndefined();
    expect(checkCooldown(undefined)).toBeUndefined();
  });
});
