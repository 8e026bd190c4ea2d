/**
 * The gateway's internal token: a short-lived HS256 JWT carrying who the caller is. Services trust
 * nothing else about the caller; a request without a valid token is refused (health endpoints aside).
 */
import { CallerSchema, type Caller } from '@platform/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { AppError } from './errors.js';

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

declare module 'express-serve-static-core' {
  interface Request {
    /** Who is calling, as verified from the gateway's internal token. */
    caller: Caller;
  }
}

/** Refuses any request that does not carry a valid internal token from the gateway. */
export function requireGatewayToken(secret: string): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = req.get(INTERNAL_TOKEN_HEADER);
    if (!token) return next(new AppError('unauthenticated', 'Requests must come through the gateway'));
    try {
      req.caller = await verifyInternalToken(token, secret);
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

/** 401 for visitors. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (req.caller?.kind !== 'user') return next(new AppError('unauthenticated', 'Unauthorized'));
  next();
};

/** 401 for visitors, 403 for signed-in users who are not admins. Enforced on the server, always. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.caller?.kind !== 'user') return next(new AppError('unauthenticated', 'Unauthorized'));
  if (req.caller.role !== 'admin') return next(new AppError('forbidden', 'Access denied'));
  next();
};
