import { characterCount, isBlank, type FieldFailures, type RuleFailure } from './types';

/**
 * The sign-up form: fdmc store, xm name, lxfs contact, xqmj area needed (m²), xqwz position
 * wanted, pppl brand category, zw job title, bz remarks.
 */
export const signupFields = ['fdmc', 'xm', 'lxfs', 'xqmj', 'xqwz', 'pppl', 'zw', 'bz'] as const;
export type SignupField = (typeof signupFields)[number];
export type SignupForm = Partial<Record<SignupField, unknown>>;

/** Brand categories: cosmetics, retail support, catering (tea and coffee). */
export const signupCategories = ['cosmetics', 'retail-support', 'catering'] as const;
export type SignupCategory = (typeof signupCategories)[number];

export const signupAreaMax = 1_000_000;

/** Caps on the free-text fields, in characters. */
export const signupMaxLengths: Partial<Record<SignupField, number>> = {
  xm: 50,
  lxfs: 50,
  xqwz: 100,
  zw: 100,
  bz: 500,
};

const requiredKeys: Partial<Record<SignupField, string>> = {
  fdmc: 'rules:signup.storeRequired',
  xm: 'rules:signup.nameRequired',
  lxfs: 'rules:signup.contactRequired',
  xqmj: 'rules:signup.areaRequired',
};

const plainNumber = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Area: a plain number (no unit), above 0 and at most signupAreaMax. */
function checkArea(value: unknown): RuleFailure | undefined {
  const text = String(value).trim();
  if (!plainNumber.test(text)) return { key: 'rules:form.number' };
  const area = Number(text);
  if (area <= 0) return { key: 'rules:form.positive' };
  if (area > signupAreaMax) return { key: 'rules:form.maxValue', params: { max: signupAreaMax } };
  return undefined;
}

function checkField(field: SignupField, value: unknown): RuleFailure | undefined {
  const requiredKey = requiredKeys[field];
  if (isBlank(value)) return requiredKey ? { key: requiredKey } : undefined;
  if (field === 'xqmj') return checkArea(value);
  if (field === 'pppl' && !(signupCategories as readonly unknown[]).includes(value)) {
    return { key: 'rules:signup.categoryInvalid' };
  }
  const maxLength = signupMaxLengths[field];
  if (maxLength !== undefined && characterCount(String(value)) > maxLength) {
    return { key: 'rules:form.maxLength', params: { length: maxLength } };
  }
  return undefined;
}

/** Store, name, contact and area are required; the others are optional but bounded. */
export function validateSignup(form: SignupForm): FieldFailures<SignupField> {
  const failures: FieldFailures<SignupField> = {};
  for (const field of signupFields) {
    const failure = checkField(field, form[field]);
    if (failure) failures[field] = failure;
  }
  return failures;
}
