/**
 * The gateway's internal token: a short-lived HMAC-SHA256-signed statement of who the caller is. Services
 * trust nothing else about the caller; a request without a valid token is refused (health endpoints aside).
 *
 * `v1.<claims>.<signature>`: the claims are base64url JSON `{ iss, aud, iat, exp, caller }` (seconds;
 * issuer `platform-gateway`, audience `platform-services`, at most 60 s of life); the signature is the
 * base64url HMAC-SHA256 of `v1.<claims>` under INTERNAL_TOKEN_SECRET, compared in constant time. One
 * format, one algorithm: nothing in a token chooses how it is checked. Signing and checking take a few
 * microseconds (node:crypto, synchronous), so every proxied request can carry a fresh one.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { CallerSchema, type Caller } from '@platform/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from './errors.js';
import { acceptGatewayClientAddress } from './http/client-address.js';
import type { Untyped } from './http/validate.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
export const REQUEST_ID_HEADER = 'x-request-id';
/** Headers a browser could try to use to claim an identity; the gateway strips them. */
export const IDENTITY_HEADERS = [
  INTERNAL_TOKEN_HEADER,
  'x-user-id',
  'x-user-email',
  'x-user-role',
  'x-forwarded-user',
  'x-auth-user',
  'x-caller',
];

const VERSION = 'v1';
const ISSUER = 'platform-gateway';
/** Who a token is for: the services. */
export const INTERNAL_TOKEN_AUDIENCE = 'platform-services';
export const INTERNAL_TOKEN_TTL_SECONDS = 30;
const MAX_TTL_SECONDS = 60;
/** How far ahead of a service's clock the gateway's may be (another machine in the distributed mode). */
const MAX_CLOCK_SKEW_SECONDS = 30;

const keys = new Map<string, KeyObject>();

function keyFrom(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

function signatureOf(signed: string, secret: string): string {
  return createHmac('sha256', keyFrom(secret)).update(signed).digest('base64url');
}

export interface InternalTokenOptions {
  /** Seconds the token is valid, at most 60 (default 30). */
  ttlSeconds?: number;
  /** When it is issued (default now). */
  now?: Date;
  /** Who it is for (default `platform-services`). */
  audience?: string;
}

/** Only what a service may rely on: `emailVerified` travels only when it is true. */
function claimsOf(caller: Caller): Caller {
  if (caller.kind !== 'user') return { kind: 'anonymous' };
  const { userId, email, role } = caller;
  return caller.emailVerified
    ? { kind: 'user', userId, email, role, emailVerified: true }
    : { kind: 'user', userId, email, role };
}

export function signInternalToken(
  caller: Caller,
  secret: string,
  options: InternalTokenOptions = {},
): string {
  const iat = Math.floor((options.now?.getTime() ?? Date.now()) / 1000);
  const ttl = Math.min(options.ttlSeconds ?? INTERNAL_TOKEN_TTL_SECONDS, MAX_TTL_SECONDS);
  const claims = {
    iss: ISSUER,
    aud: options.audience ?? INTERNAL_TOKEN_AUDIENCE,
    iat,
    exp: iat + ttl,
    caller: claimsOf(caller),
  };
  const signed = `${VERSION}.${Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url')}`;
  return `${signed}.${signatureOf(signed, secret)}`;
}

export class InvalidInternalTokenError extends Error {}

/** The caller a valid token names; throws `InvalidInternalTokenError` saying why a token is refused. */
export function verifyInternalToken(
  token: string,
  secret: string,
  options: Pick<InternalTokenOptions, 'now' | 'audience'> = {},
): Caller {
  const lastDot = token.lastIndexOf('.');
  if (!token.startsWith(`${VERSION}.`) || lastDot <= VERSION.length) {
    throw new InvalidInternalTokenError('malformed token');
  }
  const signed = token.slice(0, lastDot);
  const given = Buffer.from(token.slice(lastDot + 1), 'utf8');
  const expected = Buffer.from(signatureOf(signed, secret), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidInternalTokenError('bad signature');
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(signed.slice(VERSION.length + 1), 'base64url').toString('utf8'));
  } catch {
    throw new InvalidInternalTokenError('malformed claims');
  }
  if (typeof claims !== 'object' || claims === null) throw new InvalidInternalTokenError('malformed claims');
  const { iss, aud, iat, exp, caller } = claims as Record<string, unknown>;
  if (iss !== ISSUER) throw new InvalidInternalTokenError('wrong issuer');
  if (aud !== (options.audience ?? INTERNAL_TOKEN_AUDIENCE))
    throw new InvalidInternalTokenError('wrong audience');
  if (!Number.isInteger(iat) || !Number.isInteger(exp)) throw new InvalidInternalTokenError('no lifetime');
  const issuedAt = iat as number;
  const expiresAt = exp as number;
  if (expiresAt <= issuedAt || expiresAt - issuedAt > MAX_TTL_SECONDS) {
    throw new InvalidInternalTokenError('token lives too long');
  }
  const now = (options.now?.getTime() ?? Date.now()) / 1000;
  if (now >= expiresAt) throw new InvalidInternalTokenError('expired');
  if (issuedAt > now + MAX_CLOCK_SKEW_SECONDS) throw new InvalidInternalTokenError('issued in the future');
  const parsed = CallerSchema.safeParse(caller);
  if (!parsed.success) throw new InvalidInternalTokenError('malformed caller');
  return claimsOf(parsed.data);
}

/** A signed-in caller, and one with the admin role. */
export type UserCaller = Extract<Caller, { kind: 'user' }>;
export type AdminCaller = UserCaller & { role: 'admin' };

/**
 * Where `requireUser` / `requireAdmin` leave the caller they let through, on `res.locals`. Its presence in a
 * route's locals type is what narrows `req.caller` in the handlers after them (see `CallerIn`).
 */
const SIGNED_IN = Symbol('signed-in caller');
export interface SignedIn<TCaller extends UserCaller = UserCaller> {
  [SIGNED_IN]: TCaller;
}

/**
 * The caller type of a route: `Caller`, narrowed to what `requireUser` / `requireAdmin` let through when
 * one of them sits in the route's chain (Express infers one locals type for every handler of a route).
 * `any` locals (a `Middleware` alone) leave it `Caller`.
 */
export type CallerIn<TLocals> = 0 extends 1 & TLocals
  ? Caller
  : TLocals extends SignedIn<infer TCaller>
    ? TCaller
    : Caller;

declare module 'express-serve-static-core' {
  // The same type parameters as Express's own declaration (names and constraint), so the caller can
  // depend on the locals; the others are unused here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars -- as Express declares them
  interface Request<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> {
    /** Who is calling, as verified from the gateway's internal token (narrowed by requireUser/requireAdmin). */
    caller: CallerIn<LocalsObj>;
  }
}

/** Refuses any request that does not carry a valid internal token from the gateway. */
export function requireGatewayToken(secret: string): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = req.get(INTERNAL_TOKEN_HEADER);
    if (!token) return next(new AppError('unauthenticated', 'Requests must come through the gateway'));
    try {
      req.caller = verifyInternalToken(token, secret);
      acceptGatewayClientAddress(req);
      next();
    } catch (error) {
      if (error instanceof InvalidInternalTokenError) {
        req.log?.warn({ reason: error.message }, 'refused an invalid internal token');
        return next(new AppError('unauthenticated', 'Requests must come through the gateway'));
      }
      next(error);
    }
  };
}

/**
 * 401 for visitors. In a route's chain it narrows `req.caller` to a `UserCaller` for the handlers after it:
 * `router.get(path, requireUser, async (req, res) => req.caller.userId)`.
 */
export const requireUser: RequestHandler<Untyped, Untyped, Untyped, Untyped, SignedIn> = (req, res, next) => {
  const caller = (req as Request).caller;
  if (caller?.kind !== 'user') return next(new AppError('unauthenticated', 'Unauthorized'));
  res.locals[SIGNED_IN] = caller;
  next();
};

/**
 * 401 for visitors, 403 for signed-in users who are not admins. Enforced on the server, always; narrows
 * `req.caller` to an `AdminCaller` for the handlers after it.
 */
export const requireAdmin: RequestHandler<Untyped, Untyped, Untyped, Untyped, SignedIn<AdminCaller>> = (
  req,
  res,
  next,
) => {
  const caller = (req as Request).caller;
  if (caller?.kind !== 'user') return next(new AppError('unauthenticated', 'Unauthorized'));
  if (caller.role !== 'admin') return next(new AppError('forbidden', 'Access denied'));
  res.locals[SIGNED_IN] = caller as AdminCaller;
  next();
};
