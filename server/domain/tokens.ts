import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

/**
 * Signed tokens (HS256). `purpose` keeps one kind from being replayed as another: a mobile
 * ticket is not a session token, a print link is neither.
 */
export type TokenPurpose = 'session' | 'mobile-ticket' | 'print';

export async function signToken(
  secret: Uint8Array,
  purpose: TokenPurpose,
  claims: Record<string, unknown>,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ ...claims, purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${Math.max(1, Math.floor(ttlSeconds))}s`)
    .sign(secret);
}

/** The claims of a valid, unexpired token of that purpose; null otherwise. */
export async function readToken(
  secret: Uint8Array,
  purpose: TokenPurpose,
  token: string,
): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return payload.purpose === purpose ? payload : null;
  } catch {
    return null;
  }
}
