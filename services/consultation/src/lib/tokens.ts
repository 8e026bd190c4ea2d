/** Unguessable ids and tokens; tokens are stored only as their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** 24 base64url characters (144 random bits). */
export function newId(): string {
  return randomBytes(18).toString('base64url');
}

/** 43 base64url characters (256 random bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
