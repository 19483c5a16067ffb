import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { MobileAccounts } from '../../src/contract/auth';
import {
  codeCooldownSeconds,
  codeLimit,
  formatCode,
  validateCode,
  validateMobile,
} from '../../src/core/rules/mobile';
import type { Db } from '../db/database';
import type { Language } from '../i18n';
import { translate } from '../i18n';
import { inTurn } from '../lib/advisory-lock';
import { UserError, badRequest } from '../lib/errors';
import { assertActive, signInAs, type LoginAnswer } from './accounts';
import { countHit, enforceLimits, releaseHit, tooManyRequests, type Limit } from './rate-limit';
import type { SessionSettings } from './sessions';
import { SmsSendError, type SmsProvider } from './sms';
import { readToken, signToken } from './tokens';

export const codeTtlSeconds = 300;
export const maxWrongCodes = 5;
const ticketTtlSeconds = 300;

/**
 * A code has only 10,000 values, so a plain hash would fall to a lookup table; a keyed hash
 * (HMAC with the server secret) means a copy of the table alone reveals nothing.
 */
function hashCode(secret: Uint8Array, mobile: string, code: string): string {
  return createHmac('sha256', secret).update(`${mobile}:${code}`).digest('base64');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function requireMobile(mobile: string): void {
  const failure = validateMobile(mobile);
  if (failure) throw badRequest(failure.key, failure.params);
}

export interface CodeRequest {
  mobile: string;
  ip: string;
  language: Language;
}

/**
 * Generates and sends a login code. One per mobile per 60 s (the spec's cooldown, kept in the
 * database so it holds across processes). Unknown numbers get the same answer but no
 * message, so the call does not reveal which numbers have accounts.
 */
export async function sendLoginCode(
  db: Db,
  secret: Uint8Array,
  sms: SmsProvider,
  request: CodeRequest,
): Promise<void> {
  const { mobile } = request;
  requireMobile(mobile);
  await enforceLimits(db, [{ key: `code:ip:${request.ip}`, max: 20, windowSeconds: 3600 }]);
  const code = formatCode(randomInt(0, codeLimit));
  // Requests for one number take turns, so the cooldown cannot be raced.
  const created = await inTurn(db, `mobile-code:${mobile}`, async (trx) => {
    const latest = await trx
      .selectFrom('mobile_codes')
      .select(['sent_at'])
      .where('mobile', '=', mobile)
      .orderBy('sent_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const elapsed = latest ? (Date.now() - latest.sent_at.getTime()) / 1000 : Infinity;
    if (elapsed < codeCooldownSeconds) {
      const wait = String(Math.ceil(codeCooldownSeconds - elapsed));
      throw new UserError(400, 'rules:mobile.cooldown', {}, { 'Retry-After': wait });
    }
    // The day's quota counts codes made, not requests: a refusal above (or the 429 here)
    // rolls its count back, so nobody can use up another person's quota by asking early.
    if ((await countHit(trx, dailyCodes(mobile))) > dailyCodes(mobile).max) {
      throw tooManyRequests(dailyCodes(mobile));
    }
    // Only the newest code counts.
    await trx
      .updateTable('mobile_codes')
      .set({ consumed_at: new Date() })
      .where('mobile', '=', mobile)
      .where('consumed_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('mobile_codes')
      .values({
        mobile,
        code_hash: hashCode(secret, mobile, code),
        expires_at: new Date(Date.now() + codeTtlSeconds * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tied = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    return { id: row.id, tied: Number(tied.count) > 0 };
  });
  if (!created.tied) return;
  const minutes = codeTtlSeconds / 60;
  try {
    await sms.send({
      mobile,
      text: translate(request.language, 'server:smsText', { code, minutes }),
      params: { code, minutes },
    });
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    // A code nobody received neither blocks the next request nor counts against the day.
    await db.deleteFrom('mobile_codes').where('id', '=', created.id).execute();
    await releaseHit(db, dailyCodes(mobile));
    throw new UserError(503, 'server:security.smsFailed');
  }
}

/** Ten codes a day per number. */
const dailyCodes = (mobile: string): Limit => ({
  key: `code:mobile:${mobile}`,
  max: 10,
  windowSeconds: 86_400,
});

/** Checks a code; after five wrong tries the code is dead and a new one must be requested. */
export async function verifyLoginCode(
  db: Db,
  secret: Uint8Array,
  mobile: string,
  code: string,
): Promise<MobileAccounts> {
  requireMobile(mobile);
  const malformed = validateCode(code);
  if (malformed) throw badRequest(malformed.key, malformed.params);
  const verifiedId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('mobile_codes')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('consumed_at', 'is', null)
      .orderBy('sent_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    const fail = (error: string) => ({ ok: false as const, error });
    if (!row) return fail('rules:mobile.codeWrong');
    if (row.expires_at.getTime() <= Date.now()) return fail('server:codeExpired');
    if (row.failed_attempts >= maxWrongCodes) return fail('server:codeLocked');
    // "42" and "0042" are the same code: compare the shown, zero-padded form.
    if (!sameHash(row.code_hash, hashCode(secret, mobile, formatCode(Number(code))))) {
      const failed = row.failed_attempts + 1;
      await trx
        .updateTable('mobile_codes')
        .set({ failed_attempts: failed })
        .where('id', '=', row.id)
        .execute();
      return fail(failed >= maxWrongCodes ? 'server:codeLocked' : 'rules:mobile.codeWrong');
    }
    await trx
      .updateTable('mobile_codes')
      .set({ verified_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { ok: true as const, id: row.id };
  });
  // Wrong-try counts must survive the failed answer, so the error is thrown after commit.
  if (!verifiedId.ok) throw badRequest(verifiedId.error);
  const accounts = await db
    .selectFrom('users')
    .select(['account', 'fullname as username'])
    .where('mobile', '=', mobile)
    .where('status', '=', 1)
    .orderBy('account')
    .execute();
  if (accounts.length === 0) throw badRequest('rules:mobile.codeWrong');
  const ticket = await signToken(
    secret,
    'mobile-ticket',
    { mobile, cid: verifiedId.id },
    ticketTtlSeconds,
  );
  return { ticket, accounts };
}

/** Signs in as one account tied to the verified mobile; the ticket works once. */
export async function signInWithTicket(
  db: Db,
  settings: SessionSettings,
  ticket: string,
  account: string,
): Promise<LoginAnswer> {
  const claims = await readToken(settings.jwtSecret, 'mobile-ticket', ticket);
  if (!claims || typeof claims.mobile !== 'string' || typeof claims.cid !== 'number') {
    throw new UserError(401, 'server:ticketInvalid');
  }
  const { mobile, cid } = claims as { mobile: string; cid: number };
  const user = await db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('mobile_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', cid)
      .where('mobile', '=', mobile)
      .where('verified_at', 'is not', null)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(consumed.numUpdatedRows) !== 1) throw new UserError(401, 'server:ticketInvalid');
    const found = await trx
      .selectFrom('users')
      .selectAll()
      .where('account', '=', account)
      .where('mobile', '=', mobile)
      .executeTakeFirst();
    if (!found) throw badRequest('server:accountNotTied');
    return found;
  });
  assertActive(user);
  return signInAs(db, settings, user);
}
