/**
 * Password hashing: argon2id (`@node-rs/argon2`) at a configurable cost, stored in the PHC format
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, which describes itself. The work runs on a few worker
 * threads (piscina): the package's own async calls would take slots of the libuv pool that every
 * service of the embedded mode needs for files and DNS. Hashes made before argon2id,
 * `scrypt$17$8$1$<salt>$<key>`, still verify; `needsRehash` says when a stored hash should be replaced.
 */
import { randomBytes } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseOptions } from '@node-rs/argon2';
import { Piscina } from 'piscina';

export interface PasswordCost {
  /** Memory per hash, KiB (`m`). */
  memoryKib: number;
  /** Passes over that memory (`t`). */
  iterations: number;
  /** Lanes (`p`). */
  parallelism: number;
}

/** OWASP's first choice for argon2id. */
export const PRODUCTION_PASSWORD_COST: Readonly<PasswordCost> = {
  memoryKib: 19_456,
  iterations: 2,
  parallelism: 1,
};

/**
 * Every hash and verification is announced here (`{ operation, algorithm, cost }`, never the password),
 * so that a test can count the work a request did without timing it.
 */
export const PASSWORD_HASHING_CHANNEL = 'auth:password-hashing';
export interface PasswordHashingMessage {
  operation: 'hash' | 'verify';
  algorithm: 'argon2id' | 'scrypt';
  /** `m=…,t=…,p=…` for argon2id, `N=2^…,r=…,p=…` for scrypt. */
  cost: string;
}
const hashing = channel(PASSWORD_HASHING_CHANNEL);

export interface PasswordHasher {
  readonly cost: Readonly<PasswordCost>;
  hash(password: string): Promise<string>;
  /** True when `password` matches `stored`; false for any other input, including a malformed hash. */
  verify(password: string, stored: string): Promise<boolean>;
  /** True when `stored` was made by another algorithm or at another cost than this hasher's. */
  needsRehash(stored: string): boolean;
  /**
   * Does the work of a real check and answers false: for an account that does not exist (or has no
   * password), so an unknown e-mail costs what a wrong password costs. The dummy hash is made at this
   * hasher's cost, like every real one.
   */
  verifyAgainstDummy(password: string): Promise<false>;
  close(): Promise<void>;
}

const WORKER = fileURLToPath(new URL('../../workers/password-hash-worker.mjs', import.meta.url));
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot inline)
const ARGON2_VERSION_0x13 = 1; // Version.V0x13
// Bounds keep a corrupted row from asking for absurd work or memory.
const MAX_MEMORY_KIB = 256 * 1024;
const MAX_ITERATIONS = 16;
const MAX_PARALLELISM = 8;

/** A password as typed on any system: composed characters (NFC), as the scrypt hashes were made. */
const normalized = (password: string) => password.normalize('NFC');

const argon2Cost = (cost: PasswordCost) => `m=${cost.memoryKib},t=${cost.iterations},p=${cost.parallelism}`;

interface ScryptHash {
  log2N: number;
  r: number;
  p: number;
  salt: string;
  key: string;
}

function parseScrypt(stored: string): ScryptHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 20) return null;
  if (!Number.isInteger(r) || r < 1 || r > 32) return null;
  if (!Number.isInteger(p) || p < 1 || p > 4) return null;
  const [salt, key] = [parts[4]!, parts[5]!];
  if (Buffer.from(salt, 'base64').length < 8 || Buffer.from(key, 'base64').length < 32) return null;
  return { log2N, r, p, salt, key };
}

/** The cost an argon2id hash was made with, or null when it is not a usable argon2id hash. */
function parseArgon2id(stored: string): PasswordCost | null {
  if (!stored.startsWith('$argon2id$')) return null;
  try {
    const options = parseOptions(stored);
    if (options.algorithm !== ARGON2ID || options.version !== ARGON2_VERSION_0x13) return null;
    if (options.memoryCost > MAX_MEMORY_KIB || options.timeCost > MAX_ITERATIONS) return null;
    if (options.parallelism > MAX_PARALLELISM) return null;
    return { memoryKib: options.memoryCost, iterations: options.timeCost, parallelism: options.parallelism };
  } catch {
    return null;
  }
}

export interface PasswordHasherOptions {
  /** Hashes computed at once; default: the machine's cores (at most 8). */
  threads?: number;
}

export function createPasswordHasher(
  cost: Readonly<PasswordCost>,
  options: PasswordHasherOptions = {},
): PasswordHasher {
  const threads = options.threads ?? Math.min(availableParallelism(), 8);
  const pool = new Piscina({ filename: WORKER, minThreads: 1, maxThreads: threads, idleTimeout: 60_000 });

  const announce = (message: PasswordHashingMessage) => {
    if (hashing.hasSubscribers) hashing.publish(message);
  };

  async function hash(password: string): Promise<string> {
    announce({ operation: 'hash', algorithm: 'argon2id', cost: argon2Cost(cost) });
    return (await pool.run({ op: 'hash', password: normalized(password), ...cost })) as string;
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const argon2 = parseArgon2id(stored);
    if (argon2) {
      announce({ operation: 'verify', algorithm: 'argon2id', cost: argon2Cost(argon2) });
      return (await pool.run({ op: 'verify', password: normalized(password), stored })) as boolean;
    }
    const scrypt = parseScrypt(stored);
    if (!scrypt) return false;
    announce({
      operation: 'verify',
      algorithm: 'scrypt',
      cost: `N=2^${scrypt.log2N},r=${scrypt.r},p=${scrypt.p}`,
    });
    return (await pool.run({ op: 'verify-scrypt', password: normalized(password), ...scrypt })) as boolean;
  }

  // Made now, so the first unknown address is not slower than a wrong password either.
  const dummyHash = hash(randomBytes(16).toString('base64url'));
  dummyHash.catch(() => undefined); // a pool closed before it was made; verifyAgainstDummy reports it

  return {
    cost,
    hash,
    verify,
    needsRehash(stored) {
      const made = parseArgon2id(stored);
      return (
        !made ||
        made.memoryKib !== cost.memoryKib ||
        made.iterations !== cost.iterations ||
        made.parallelism !== cost.parallelism
      );
    },
    async verifyAgainstDummy(password) {
      await verify(password, await dummyHash);
      return false;
    },
    async close() {
      // Called once the service stopped taking requests: a hash still running has no one to answer.
      await pool.destroy();
    },
  };
}
