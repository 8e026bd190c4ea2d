/**
 * The gateway's internal token: a short-lived HS256 JWT carrying who the caller is. Services trust
 * nothing else about the caller; a request without a valid token is refused (health endpoints aside).
 */
import { CallerSchema, type Caller } from '@platform/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { AppError } from './errors.js';
import { acceptGatewayClientAddress } from './http/client-address.js';

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

const ISSUER = 'platform-gateway';
const AUDIENCE = 'platform-services';
export const INTERNAL_TOKEN_TTL_SECONDS = 30;

function keyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signInternalToken(
  caller: Caller,
  secret: string,
  options: { ttlSeconds?: number; now?: Date } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const ttl = Math.min(options.ttlSeconds ?? INTERNAL_TOKEN_TTL_SECONDS, 60);
  const claims =
    caller.kind === 'user'
      ? {
          kind: 'user',
          email: caller.email,
          role: caller.role,
          ...(caller.emailVerified ? { email_verified: true } : {}),
        }
      : { kind: 'anonymous' };
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttl);
  if (caller.kind === 'user') jwt.setSubject(caller.userId);
  return jwt.sign(keyFrom(secret));
}

export class InvalidInternalTokenError extends Error {}

export async function verifyInternalToken(token: string, secret: string): Promise<Caller> {
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat'],
    });
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > 60)
      throw new InvalidInternalTokenError('token lives too long');
    const caller = CallerSchema.safeParse(
      payload.kind === 'user'
        ? {
            kind: 'user',
            userId: payload.sub,
            email: payload.email,
            role: payload.role,
            ...(payload.email_verified === true ? { emailVerified: true } : {}),
          }
        : { kind: 'anonymous' },
    );
    if (!caller.success) throw new InvalidInternalTokenError('malformed caller');
    return caller.data;
  } catch (error) {
    if (error instanceof InvalidInternalTokenError) throw error;
    if (error instanceof joseErrors.JOSEError) throw new InvalidInternalTokenError(error.code);
    throw error;
  }
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
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = req.get(INTERNAL_TOKEN_HEADER);
    if (!token) return next(new AppError('unauthenticated', 'Requests must come through the gateway'));
    try {
      req.caller = await verifyInternalToken(token, secret);
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the route's other handlers type the rest
type Untyped = any;

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
