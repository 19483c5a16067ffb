import { isBlank, type FieldFailures } from './types';

/** 2–20 letters, digits, underscores or hyphens (spec: merchant-finance section 5). */
export const accountPattern = /^[A-Za-z0-9_-]{2,20}$/;

export interface LoginInput {
  account?: string | null;
  password?: string | null;
}

export type LoginField = 'account' | 'password';

/**
 * The account is checked as typed, so surrounding spaces break the format; callers should
 * send exactly what was checked. A password is only missing when empty, since spaces are
 * legitimate password characters.
 */
export function validateLogin({ account, password }: LoginInput): FieldFailures<LoginField> {
  const failures: FieldFailures<LoginField> = {};
  if (isBlank(account)) failures.account = { key: 'rules:login.accountRequired' };
  else if (!accountPattern.test(account ?? ''))
    failures.account = { key: 'rules:login.accountFormat' };
  if (password === undefined || password === null || password === '') {
    failures.password = { key: 'rules:login.passwordRequired' };
  }
  return failures;
}
