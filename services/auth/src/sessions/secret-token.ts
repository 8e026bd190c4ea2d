/** Random secrets handed to a browser or an e-mail; only their SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

export interface SecretToken {
  /** What the holder keeps (cookie value, link parameter): 32 random bytes, base64url. */
  token: string;
  /** What the database keeps: SHA-256 of the token, hex. */
  id: string;
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newSecretToken(): SecretToken {
  const token = randomBytes(32).toString('base64url');
  return { token, id: hashSecretToken(token) };
}
