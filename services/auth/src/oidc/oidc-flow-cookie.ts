/**
 * The OpenID Connect round trip's state (state, nonce, PKCE verifier) between `/api/login` and
 * `/api/callback`: a short-lived HttpOnly cookie, HMAC-signed with a key derived from the internal-token
 * secret, so nothing is stored server-side and a forged or stale cookie is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { usesSecureCookies, type AuthConfig } from '../config.js';
import { appendAuthCookie } from '../sessions/session-cookie.js';

export const OIDC_FLOW_TTL_SECONDS = 10 * 60;

const FlowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(1),
  /** Epoch milliseconds (service clock). */
  expiresAt: z.number(),
});
export type OidcFlow = z.infer<typeof FlowSchema>;

function cookieName(config: AuthConfig): string {
  return usesSecureCookies(config) ? '__Host-oidc-flow' : 'oidc-flow';
}

function signingKey(config: AuthConfig): Buffer {
  return createHmac('sha256', config.INTERNAL_TOKEN_SECRET).update('auth:oidc-flow-cookie').digest();
}

function sign(payload: string, config: AuthConfig): string {
  return createHmac('sha256', signingKey(config)).update(payload).digest('base64url');
}

export function setOidcFlowCookie(res: Response, config: AuthConfig, flow: OidcFlow): void {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  appendAuthCookie(res, config, {
    name: cookieName(config),
    value: `${payload}.${sign(payload, config)}`,
    maxAgeSeconds: OIDC_FLOW_TTL_SECONDS,
  });
}

export function clearOidcFlowCookie(res: Response, config: AuthConfig): void {
  appendAuthCookie(res, config, { name: cookieName(config), value: '', maxAgeSeconds: 0 });
}

/** The flow this browser started, if its cookie is genuine and not expired. */
export function readOidcFlowCookie(req: Request, config: AuthConfig, now: Date): OidcFlow | null {
  const header = req.get('cookie');
  const value = header ? parseCookie(header)[cookieName(config)] : undefined;
  if (!value) return null;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, config));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = FlowSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return flow.expiresAt > now.getTime() ? flow : null;
  } catch {
    return null;
  }
}
