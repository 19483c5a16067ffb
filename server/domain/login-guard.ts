import type { Db } from '../db/database';
import { UserError } from '../lib/errors';
import { countHit, releaseHit, tooManyRequests, type Limit } from './rate-limit';

/**
 * Failed sign-ins, limited so that guessing does not scale and nobody can lock the owner
 * out (docs/decisions.md, "Sign-in lockout"; the idea of Entra ID's smart lockout):
 * - per address and account: a few failures, then that address may not try that account;
 * - per address: failures over all accounts (password spraying, and each failure costs a
 *   scrypt hash);
 * - per account: failures from all addresses; past it the account is "under attack" and
 *   only addresses with no failures for it may still try. The owner, typing the right
 *   password from their own address, is never stopped by what others did.
 * Only failures count. Every attempt is counted before the password is checked (so a
 * hundred concurrent guesses cannot all slip under a limit) and taken back when it turns out
 * not to be a failure: the right password, or an attempt refused before any check.
 */
export interface LoginGuardSettings {
  perAccount: number;
  perAddress: number;
  perAccountAddress: number;
}

const windowSeconds = 300;

function limitsFor(settings: LoginGuardSettings, account: string, address: string) {
  const name = account.toLowerCase();
  return {
    pair: { key: `login:pair:${name}:${address}`, max: settings.perAccountAddress, windowSeconds },
    address: { key: `login:ip:${address}`, max: settings.perAddress, windowSeconds },
    account: { key: `login:account:${name}`, max: settings.perAccount, windowSeconds },
  } satisfies Record<string, Limit>;
}

/** Errors that mean the password was wrong (everything else means it was right). */
const isWrongPassword = (error: unknown) =>
  error instanceof UserError && error.key === 'server:badCredentials';

/**
 * Runs `check` (which verifies the password) under the limits above. A wrong password stays
 * counted; anything else takes the attempt back.
 */
export async function guardSignIn<T>(
  db: Db,
  settings: LoginGuardSettings,
  attempt: { account: string; address: string },
  check: () => Promise<T>,
): Promise<T> {
  const limits = limitsFor(settings, attempt.account, attempt.address);
  const pairHits = await countHit(db, limits.pair);
  const addressHits = await countHit(db, limits.address);
  const accountHits = await countHit(db, limits.account);
  const earlierPairFailures = pairHits - 1;
  const exceeded =
    pairHits > limits.pair.max
      ? limits.pair
      : addressHits > limits.address.max
        ? limits.address
        : accountHits > limits.account.max && earlierPairFailures > 0
          ? limits.account
          : null;
  if (exceeded) {
    // A refused attempt tested no password: it is not a failure.
    await releaseAll(db, limits);
    throw tooManyRequests(exceeded);
  }
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (!isWrongPassword(error)) await releaseAll(db, limits);
    throw error;
  }
  await releaseAll(db, limits);
  return result;
}

async function releaseAll(db: Db, limits: ReturnType<typeof limitsFor>) {
  for (const limit of Object.values(limits)) await releaseHit(db, limit);
}
