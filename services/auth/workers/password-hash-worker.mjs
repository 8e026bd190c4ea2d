// Password hashing on piscina's worker threads (src/accounts/password-hash.ts sends the tasks). Plain
// JavaScript outside src/ so that the same file runs under the built service and under the tests; the
// sync calls block only this thread, never the libuv pool the services in one process share.
import { scryptSync, timingSafeEqual } from 'node:crypto';
import argon2 from '@node-rs/argon2';

const ARGON2ID = 2; // argon2.Algorithm.Argon2id (a const enum in the package's types)
const SCRYPT_MAX_MEMORY = 256 * 1024 * 1024;

/**
 * @param {{ op: 'hash', password: string, memoryKib: number, iterations: number, parallelism: number }
 *   | { op: 'verify', password: string, stored: string }
 *   | { op: 'verify-scrypt', password: string, salt: string, key: string, log2N: number, r: number, p: number }} task
 * @returns {string | boolean}
 */
export default function run(task) {
  if (task.op === 'hash') {
    return argon2.hashSync(task.password, {
      algorithm: ARGON2ID,
      memoryCost: task.memoryKib,
      timeCost: task.iterations,
      parallelism: task.parallelism,
    });
  }
  if (task.op === 'verify') {
    try {
      return argon2.verifySync(task.stored, task.password);
    } catch {
      return false; // a malformed stored hash matches nothing
    }
  }
  if (task.op === 'verify-scrypt') {
    const expected = Buffer.from(task.key, 'base64');
    const key = scryptSync(task.password, Buffer.from(task.salt, 'base64'), expected.length, {
      N: 2 ** task.log2N,
      r: task.r,
      p: task.p,
      maxmem: SCRYPT_MAX_MEMORY,
    });
    return timingSafeEqual(key, expected);
  }
  throw new Error(`unknown password task ${String(task?.op)}`);
}
