import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { InvalidInternalTokenError, signInternalToken, verifyInternalToken } from '../identity.js';

const secret = 'k'.repeat(48);
const user = { kind: 'user' as const, userId: 'u-1', email: 'owner@example.com', role: 'admin' as const };

/** A token in the kit's format with any claims, signed with `key`: what only a holder of the secret can make. */
function craft(claims: unknown, key = secret): string {
  const signed = `v1.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('internal token', () => {
  it('carries the caller from the gateway to a service', () => {
    expect(verifyInternalToken(signInternalToken(user, secret), secret)).toEqual(user);
    expect(verifyInternalToken(signInternalToken({ kind: 'anonymous' }, secret), secret)).toEqual({
      kind: 'anonymous',
    });
  });

  it('names its issuer, audience and a lifetime of 30 seconds', () => {
    const claims = claimsOf(signInternalToken(user, secret, { now: new Date(1_700_000_000_000) }));
    expect(claims).toEqual({
      iss: 'platform-gateway',
      aud: 'platform-services',
      iat: 1_700_000_000,
      exp: 1_700_000_030,
      caller: user,
    });
  });

  it('carries a proven address, and only a proven one', () => {
    const proven = { ...user, emailVerified: true };
    expect(verifyInternalToken(signInternalToken(proven, secret), secret)).toEqual(proven);
    const unproven = verifyInternalToken(
      signInternalToken({ ...user, emailVerified: false }, secret),
      secret,
    );
    expect(unproven).not.toHaveProperty('emailVerified');
  });

  it('is refused when signed with another secret', () => {
    const token = signInternalToken(user, 'z'.repeat(48));
    expect(() => verifyInternalToken(token, secret)).toThrow(InvalidInternalTokenError);
  });

  it('is refused once a claim is changed', () => {
    const token = signInternalToken({ ...user, role: 'user' }, secret);
    const [version, , signature] = token.split('.');
    const claims = claimsOf(token);
    const promoted = Buffer.from(
      JSON.stringify({ ...claims, caller: { ...(claims.caller as object), role: 'admin' } }),
    ).toString('base64url');
    expect(() => verifyInternalToken(`${version}.${promoted}.${signature}`, secret)).toThrow('bad signature');
    // One character of the signature changed.
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(() => verifyInternalToken(flipped, secret)).toThrow('bad signature');
  });

  it('expires within a minute', () => {
    const token = signInternalToken(user, secret, { now: new Date(Date.now() - 61_000), ttlSeconds: 3600 });
    expect(() => verifyInternalToken(token, secret)).toThrow('expired');
    const fresh = signInternalToken(user, secret, { now: new Date(1_700_000_000_000) });
    expect(verifyInternalToken(fresh, secret, { now: new Date(1_700_000_029_000) })).toEqual(user);
    expect(() => verifyInternalToken(fresh, secret, { now: new Date(1_700_000_030_000) })).toThrow('expired');
  });

  it('is refused by a verifier it was not made for', () => {
    const elsewhere = signInternalToken(user, secret, { audience: 'another-platform' });
    expect(() => verifyInternalToken(elsewhere, secret)).toThrow('wrong audience');
    expect(verifyInternalToken(elsewhere, secret, { audience: 'another-platform' })).toEqual(user);
    const iat = nowSeconds();
    const otherIssuer = craft({ iss: 'someone', aud: 'platform-services', iat, exp: iat + 30, caller: user });
    expect(() => verifyInternalToken(otherIssuer, secret)).toThrow('wrong issuer');
  });

  it('refuses tokens that claim a longer life than a minute, no expiry, or a start in the future', () => {
    const iat = nowSeconds();
    const base = { iss: 'platform-gateway', aud: 'platform-services', caller: { kind: 'anonymous' } };
    expect(() => verifyInternalToken(craft({ ...base, iat, exp: iat + 3600 }), secret)).toThrow(
      'token lives too long',
    );
    expect(() => verifyInternalToken(craft({ ...base, iat }), secret)).toThrow('no lifetime');
    expect(() => verifyInternalToken(craft({ ...base, iat: iat + 600, exp: iat + 630 }), secret)).toThrow(
      'issued in the future',
    );
    expect(verifyInternalToken(craft({ ...base, iat, exp: iat + 60 }), secret)).toEqual({
      kind: 'anonymous',
    });
  });

  it('refuses a caller that is not one', () => {
    const iat = nowSeconds();
    const token = craft({
      iss: 'platform-gateway',
      aud: 'platform-services',
      iat,
      exp: iat + 30,
      caller: { kind: 'user', userId: 'u-1', email: 'owner@example.com', role: 'root' },
    });
    expect(() => verifyInternalToken(token, secret)).toThrow('malformed caller');
  });

  it('refuses unsigned tokens, JWTs and garbage', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ kind: 'user', sub: 'x', email: 'a@b.co', role: 'admin' }),
    ).toString('base64url');
    const hs256Header = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
    const jwt = `${hs256Header}.${payload}.${createHmac('sha256', secret).update(`${hs256Header}.${payload}`).digest('base64url')}`;
    const unsigned = signInternalToken(user, secret).replace(/\.[^.]+$/, '.');
    for (const token of [`${header}.${payload}.`, jwt, unsigned, 'v1.', 'v1..', 'not-a-token', '']) {
      expect(() => verifyInternalToken(token, secret)).toThrow(InvalidInternalTokenError);
    }
    expect(() => verifyInternalToken(craft('just a string'), secret)).toThrow('malformed claims');
    const notJson = 'v1.bm90IGpzb24';
    expect(() =>
      verifyInternalToken(
        `${notJson}.${createHmac('sha256', secret).update(notJson).digest('base64url')}`,
        secret,
      ),
    ).toThrow('malformed claims');
  });
});
