import { describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import { InvalidInternalTokenError, signInternalToken, verifyInternalToken } from '../identity.js';

const secret = 'k'.repeat(48);
const user = { kind: 'user' as const, userId: 'u-1', email: 'owner@example.com', role: 'admin' as const };

describe('internal token', () => {
  it('carries the caller from the gateway to a service', async () => {
    expect(await verifyInternalToken(await signInternalToken(user, secret), secret)).toEqual(user);
    expect(await verifyInternalToken(await signInternalToken({ kind: 'anonymous' }, secret), secret)).toEqual(
      {
        kind: 'anonymous',
      },
    );
  });

  it('carries a proven address, and only a proven one', async () => {
    const proven = { ...user, emailVerified: true };
    expect(await verifyInternalToken(await signInternalToken(proven, secret), secret)).toEqual(proven);
    const unproven = await verifyInternalToken(
      await signInternalToken({ ...user, emailVerified: false }, secret),
      secret,
    );
    expect(unproven).not.toHaveProperty('emailVerified');
  });

  it('is refused when signed with another secret', async () => {
    const token = await signInternalToken(user, 'z'.repeat(48));
    await expect(verifyInternalToken(token, secret)).rejects.toThrow(InvalidInternalTokenError);
  });

  it('expires within a minute', async () => {
    const token = await signInternalToken(user, secret, {
      now: new Date(Date.now() - 61_000),
      ttlSeconds: 3600,
    });
    await expect(verifyInternalToken(token, secret)).rejects.toThrow(InvalidInternalTokenError);
  });

  it('refuses tokens that claim a longer life than a minute, or no expiry', async () => {
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(Date.now() / 1000);
    const longLived = await new SignJWT({ kind: 'anonymous' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('platform-gateway')
      .setAudience('platform-services')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    await expect(verifyInternalToken(longLived, secret)).rejects.toThrow(InvalidInternalTokenError);
    const noExpiry = await new SignJWT({ kind: 'anonymous' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('platform-gateway')
      .setAudience('platform-services')
      .setIssuedAt(now)
      .sign(key);
    await expect(verifyInternalToken(noExpiry, secret)).rejects.toThrow(InvalidInternalTokenError);
  });

  it('refuses an unsigned token and garbage', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ kind: 'user', sub: 'x', email: 'a@b.co', role: 'admin' }),
    ).toString('base64url');
    await expect(verifyInternalToken(`${header}.${payload}.`, secret)).rejects.toThrow(
      InvalidInternalTokenError,
    );
    await expect(verifyInternalToken('not-a-token', secret)).rejects.toThrow(InvalidInternalTokenError);
  });
});
