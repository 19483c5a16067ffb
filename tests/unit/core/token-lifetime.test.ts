import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { tokenLifetime } from '../../../src/core/session';

/** A session handed over by `?token=` takes its lifetime from the token (src/core/session.ts). */
describe('tokenLifetime', () => {
  it('reads when a token was issued and for how long, as the server signs it', async () => {
    const issuedAt = 1_790_000_000;
    const token = await new SignJWT({ sid: 'é-会话', purpose: 'session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 7_200)
      .sign(new TextEncoder().encode('a secret of enough length for HS256'));
    expect(tokenLifetime(token)).toEqual({ loginTime: issuedAt * 1000, expiration: 7_200 });
  });

  it('answers null for a token without a usable lifetime', async () => {
    const unsigned = (claims: object) =>
      `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
    expect(tokenLifetime('opaque-token')).toBeNull();
    expect(tokenLifetime('a.%%%.b')).toBeNull();
    expect(tokenLifetime(unsigned({ exp: 100 }))).toBeNull();
    expect(tokenLifetime(unsigned({ iat: 100, exp: 100 }))).toBeNull();
    expect(tokenLifetime(unsigned({ iat: '1', exp: '2' }))).toBeNull();
  });
});
