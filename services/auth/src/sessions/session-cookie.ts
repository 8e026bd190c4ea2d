/**
 * The session cookie: `__Host-session` (Secure) in production, `session` elsewhere; always HttpOnly,
 * SameSite=Lax, Path=/. It holds the random token; the database holds its hash.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Request, Response } from 'express';
import { usesSecureCookies, type AuthConfig } from '../config.js';

const DAY_SECONDS = 24 * 60 * 60;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export function sessionCookieName(config: AuthConfig): string {
  return usesSecureCookies(config) ? '__Host-session' : 'session';
}

/** The session token the request carries, if any (an ill-formed value counts as none). */
export function readSessionToken(req: Request, config: AuthConfig): string | undefined {
  return readCookie(req.get('cookie'), sessionCookieName(config));
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const value = parseCookie(header)[name];
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
}

/**
 * Sets one of the account's cookies (the session, the OpenID Connect round trip): HttpOnly, Secure where
 * the site is served over HTTPS, SameSite=Lax (the provider's redirect back is a top-level GET navigation,
 * which carries it), Path=/, for `maxAgeSeconds`; 0 clears it.
 */
export function appendAuthCookie(
  res: Response,
  config: AuthConfig,
  cookie: { name: string; value: string; maxAgeSeconds: number },
): void {
  res.append(
    'Set-Cookie',
    stringifySetCookie(cookie.name, cookie.value, {
      httpOnly: true,
      secure: usesSecureCookies(config),
      sameSite: 'lax',
      path: '/',
      maxAge: cookie.maxAgeSeconds,
      ...(cookie.maxAgeSeconds === 0 && { expires: new Date(0) }),
    }),
  );
}

export function setSessionCookie(res: Response, config: AuthConfig, token: string): void {
  appendAuthCookie(res, config, {
    name: sessionCookieName(config),
    value: token,
    maxAgeSeconds: config.SESSION_ABSOLUTE_DAYS * DAY_SECONDS,
  });
}

export function clearSessionCookie(res: Response, config: AuthConfig): void {
  appendAuthCookie(res, config, { name: sessionCookieName(config), value: '', maxAgeSeconds: 0 });
}
