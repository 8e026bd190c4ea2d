/**
 * Password hashing with node:crypto scrypt (N = 2^17, r = 8, p = 1: about 128 MB and a few hundred
 * milliseconds per hash). The stored string describes itself, `scrypt$17$8$1$<salt>$<key>` (base64), so
 * the cost can be raised later without breaking existing hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const LOG2_N = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

function deriveKey(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, KEY_BYTES, {
    N: 2 ** LOG2_N,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: MAX_MEMORY,
  });
  return ['scrypt', LOG2_N, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

interface ParsedHash {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a corrupted row from asking for absurd work or memory.
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 20) return null;
  if (!Number.isInteger(r) || r < 1 || r > 32) return null;
  if (!Number.isInteger(p) || p < 1 || p > 4) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || key.length < 32) return null;
  return { log2N, r, p, salt, key };
}

/** True when `password` matches `stored`; false for any other input, including a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, parsed.key.length, {
    N: 2 ** parsed.log2N,
    r: parsed.r,
    p: parsed.p,
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first unknown address, so that one is not slower either. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
}

/**
 * Does the work of a real check and answers false: used when the account does not exist (or has no
 * password), so an unknown e-mail takes as long as a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyHash());
  return false;
}
