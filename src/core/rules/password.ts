import type { PasswordPolicy } from '../../contract/auth';
import { characterCount, type FieldFailures, type RuleFailure } from './types';

/**
 * The tenant's password policy as the server reports it (src/contract/auth.ts). pwdRule 2–4
 * adds character-class requirements; any other non-zero rule (such as 1) only enforces
 * pwdLength.
 */
export type { PasswordPolicy } from '../../contract/auth';

/** Minimum length without an active policy (spec: shell section 9). */
export const defaultMinLength = 6;

export interface PasswordChangeInput {
  old?: string | null;
  new?: string | null;
  newRepeat?: string | null;
}

export type PasswordChangeField = 'old' | 'new' | 'newRepeat';

const hasDigit = /\d/;
const hasLetter = /[A-Za-z]/;
const hasUpper = /[A-Z]/;
const hasLower = /[a-z]/;
/** Anything that is neither an ASCII letter, a digit nor white space counts as special. */
const hasSpecial = /[^A-Za-z0-9\s]/;

const ruleChecks: Record<number, RegExp[]> = {
  2: [hasDigit, hasLetter],
  3: [hasDigit, hasLetter, hasSpecial],
  4: [hasDigit, hasUpper, hasLower, hasSpecial],
};

function isActive(policy: PasswordPolicy | null | undefined): policy is PasswordPolicy {
  return Boolean(policy?.enable) && Boolean(policy?.pwdRule);
}

/** An active policy's pwdLength, or the default when there is none (or it gives no length). */
export function minimumLength(policy: PasswordPolicy | null | undefined): number {
  if (isActive(policy) && policy.pwdLength > 0) return policy.pwdLength;
  return defaultMinLength;
}

/** Length first, then the rule's character classes; undefined when the password complies. */
export function checkPasswordPolicy(
  password: string | null | undefined,
  policy: PasswordPolicy | null | undefined,
): RuleFailure | undefined {
  if (!password) return { key: 'rules:password.newRequired' };
  const length = minimumLength(policy);
  if (characterCount(password) < length)
    return { key: 'rules:password.minLength', params: { length } };
  const checks = isActive(policy) ? ruleChecks[policy.pwdRule] : undefined;
  if (checks && !checks.every((check) => check.test(password))) {
    return { key: `rules:password.rule${policy?.pwdRule}` };
  }
  return undefined;
}

/** Change-password form (spec: shell section 5); one failure per field. */
export function validatePasswordChange(
  input: PasswordChangeInput,
  policy: PasswordPolicy | null | undefined,
): FieldFailures<PasswordChangeField> {
  const failures: FieldFailures<PasswordChangeField> = {};
  if (!input.old) failures.old = { key: 'rules:password.oldRequired' };
  const newFailure = checkPasswordPolicy(input.new, policy);
  if (newFailure) failures.new = newFailure;
  if (!input.newRepeat) failures.newRepeat = { key: 'rules:password.repeatRequired' };
  else if (input.newRepeat !== input.new) failures.newRepeat = { key: 'rules:password.differ' };
  return failures;
}
