import type { FastifyRequest } from 'fastify';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { forbidden, UserError } from '../../lib/errors';
import { bearerToken } from '../../plugins/auth';
import { signToken } from '../tokens';
import { sameDescriptor, type CanonicalDescriptor } from './batch';
import { sameParams, type BatchKind, type PrintParams, type SingleKind } from './kinds';
import { authUserColumns } from '../grants';

/**
 * Who opens a print view. The page needs no sign-in, its data does: either the session
 * token (handed over to the print window, or inherited with its sessionStorage), or a
 * signed print link: a short-lived HMAC token bound to the user, the kind and the exact
 * document (or the exact batch query). Scope is always worked out for that user, now.
 */
export type PrintGrant =
  | { kind: SingleKind; params: PrintParams }
  | { kind: `${BatchKind}_all`; batch: CanonicalDescriptor };

export interface PrintCaller {
  user: AuthUser;
  /** The grant of the print link used, or null when the caller has a session. */
  link: PrintGrant | null;
}

const unauthorized = (key: string) => new UserError(401, key);

export async function signPrintLink(
  secret: Uint8Array,
  ttlSeconds: number,
  user: AuthUser,
  grant: PrintGrant,
): Promise<{ printToken: string; expiresAt: string }> {
  // Bound to the session that made it: signing out (or any end of that session) ends the
  // link too.
  const printToken = await signToken(
    secret,
    'print',
    { sub: user.id, sid: user.sessionId, grant },
    ttlSeconds,
  );
  return { printToken, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
}

/**
 * The claims of a print link. An expired one is told apart (its signature is still checked
 * by jose before it reports the expiry), so the user learns to reopen it from the list.
 */
async function readPrintLink(secret: Uint8Array, token: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (payload.purpose === 'print' && typeof payload.sub === 'string') return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired && error.payload.purpose === 'print') {
      throw unauthorized('print:errors.linkExpired');
    }
  }
  throw unauthorized('print:errors.unauthorized');
}

/**
 * The user of a print link as their session carries them, while that session is alive (not
 * revoked, not expired) and the user may still sign in at all.
 */
async function linkUser(db: Db, id: string, sessionId: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select([...authUserColumns()])
    .where('u.id', '=', id)
    .where('s.id', '=', sessionId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.status !== 1 || row.must_change_password) return null;
  return {
    id: row.id,
    account: row.account,
    fullname: row.fullname,
    sessionId,
    roleIds: row.role_ids,
    storeCodes: row.store_codes,
    seesEverything: row.sees_everything,
    mustChangePassword: false,
  };
}

export async function resolvePrintCaller(
  request: FastifyRequest,
  db: Db,
  secret: Uint8Array,
): Promise<PrintCaller> {
  // The auth plugin has already resolved a session token; a print link is not one.
  if (request.passwordChangePending) throw forbidden('server:mustChangePassword');
  if (request.user) return { user: request.user, link: null };
  const token = bearerToken(request);
  if (!token) throw unauthorized('print:errors.unauthorized');
  const claims = await readPrintLink(secret, token);
  const user = typeof claims.sid === 'string' ? await linkUser(db, claims.sub!, claims.sid) : null;
  if (!user) throw unauthorized('print:errors.linkUser');
  return { user, link: claims.grant as PrintGrant };
}

const mismatch = () => new UserError(403, 'print:errors.linkMismatch');

/** A link opens only the document it was made for. */
export function assertLinkOpens(caller: PrintCaller, kind: SingleKind, params: PrintParams): void {
  const link = caller.link;
  if (!link) return;
  if (link.kind !== kind || !('params' in link) || !sameParams(kind, link.params, params)) {
    throw mismatch();
  }
}

/**
 * A batch link opens only its own query. The body may repeat it (then it must be the same)
 * or leave it out: an embedded print view has no stored query, only the link.
 */
export function linkedBatch(
  caller: PrintCaller,
  kind: BatchKind,
  given: CanonicalDescriptor | null,
): CanonicalDescriptor | null {
  const link = caller.link;
  if (!link) return given;
  if (link.kind !== `${kind}_all` || !('batch' in link)) throw mismatch();
  if (given && !sameDescriptor(given, link.batch)) throw mismatch();
  return link.batch;
}
