import type { RuleFailure } from './types';

/** An 11-digit mainland mobile number: 1, then 3–9, then nine digits. */
export const mobilePattern = /^1[3-9]\d{9}$/;

/** Seconds before another code may be requested for the same number. */
export const codeCooldownSeconds = 60;

/** A code is a random whole number below this limit. */
export const codeLimit = 10000;

const codePattern = /^\d{1,6}$/;

export function validateMobile(mobile: string | null | undefined): RuleFailure | undefined {
  return mobilePattern.test(mobile ?? '') ? undefined : { key: 'rules:mobile.invalid' };
}

/** The format check on what the user typed; whether it is the code sent is checkCode's job. */
export function validateCode(code: string | null | undefined): RuleFailure | undefined {
  return codePattern.test(code ?? '') ? undefined : { key: 'rules:mobile.codeInvalid' };
}

/**
 * Compares the typed code with the one sent. Both are read as numbers, so a code sent as 42
 * matches "0042" (how it is shown) as well as "42".
 */
export function checkCode(
  code: string | null | undefined,
  sent: number | string,
): RuleFailure | undefined {
  const invalid = validateCode(code);
  if (invalid) return invalid;
  return Number(code) === Number(sent) ? undefined : { key: 'rules:mobile.codeWrong' };
}

/** A new code: a whole number in [0, codeLimit). `random` is injectable for tests. */
export function generateCode(random: () => number = Math.random): number {
  return Math.min(codeLimit - 1, Math.floor(random() * codeLimit));
}

/** Codes are shown zero-padded to four digits: 42 → "0042". */
export function formatCode(code: number): string {
  return String(Math.trunc(code)).padStart(4, '0');
}

/**
 * Whole seconds until another code may be sent for a number last served at `sentAt`
 * (milliseconds); 0 when the cooldown is over. A request inside it gets 'rules:mobile.cooldown'.
 */
export function cooldownRemaining(sentAt: number, now: number = Date.now()): number {
  const left = codeCooldownSeconds * 1000 - (now - sentAt);
  // A clock that went backwards must not stretch the wait beyond one cooldown.
  return left <= 0 ? 0 : Math.min(codeCooldownSeconds, Math.ceil(left / 1000));
}

export function checkCooldown(
  sentAt: number | undefined,
  now: number = Date.now(),
): RuleFailure | undefined {
  if (sentAt === undefined) return undefined;
  const seconds = cooldownRemaining(sentAt, now);
  return seconds > 0 ? { key: 'rules:mobile.cooldown', params: { seconds } } : undefined;
}
