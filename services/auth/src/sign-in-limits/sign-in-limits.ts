/**
 * Limits on failed sign-ins, per account and per client address (15 minutes), and on password-reset
 * e-mails per account. In memory for one process (embedded mode), in Redis when REDIS_URL is set so
 * replicas share them; if Redis stops answering, each replica falls back to its own memory.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '@platform/service-kit';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
const RESET_WINDOW_SECONDS = 60 * 60;
const RESETS_PER_ACCOUNT = 5;

export interface SignInLimitsOptions {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  /** Shared store; memory when absent. */
  redis?: Redis | undefined;
  keyPrefix: string;
  logger: Logger;
}

export interface SignInLimits {
  /** Seconds to wait when either the account or the address is blocked, else null. */
  blockedFor(account: string, address: string): Promise<number | null>;
  recordFailure(account: string, address: string): Promise<void>;
  /** A successful sign-in clears the account's failures (the address keeps its count). */
  recordSuccess(account: string): Promise<void>;
  /** False when this account asked for too many reset links lately (the answer stays the same). */
  allowResetEmail(account: string): Promise<boolean>;
}

/** Accounts are keyed by a hash of the address, so no e-mail address sits in the limiter's store. */
function accountKey(account: string): string {
  return createHash('sha256').update(account.toLowerCase()).digest('base64url');
}

export function createSignInLimits(options: SignInLimitsOptions): SignInLimits {
  const limiter = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: `${options.keyPrefix}:${name}`, points, duration });
    if (!options.redis) return memory;
    return new RateLimiterRedis({
      storeClient: options.redis,
      keyPrefix: `${options.keyPrefix}:${name}`,
      points,
      duration,
      insuranceLimiter: memory,
    });
  };
  const perAccount = limiter('login-fail-account', options.maxFailuresPerAccount, SIGN_IN_WINDOW_SECONDS);
  const perAddress = limiter('login-fail-address', options.maxFailuresPerAddress, SIGN_IN_WINDOW_SECONDS);
  const resets = limiter('reset-account', RESETS_PER_ACCOUNT, RESET_WINDOW_SECONDS);

  async function blockedMs(limiterOf: RateLimiterAbstract, key: string): Promise<number> {
    const state = await limiterOf.get(key);
    return state && state.consumedPoints >= limiterOf.points ? Math.max(state.msBeforeNext, 1000) : 0;
  }

  /** Counts one failure; the one that reaches the limit blocks for a full window from now. */
  async function countFailure(limiterOf: RateLimiterAbstract, key: string): Promise<void> {
    try {
      const state = await limiterOf.consume(key);
      if (state.consumedPoints >= limiterOf.points) await limiterOf.block(key, SIGN_IN_WINDOW_SECONDS);
    } catch (error) {
      if (error instanceof Error) options.logger.warn({ err: error }, 'could not count a failed sign-in');
      // Otherwise a RateLimiterRes: already over the limit, nothing more to record.
    }
  }

  return {
    async blockedFor(account, address) {
      const ms = Math.max(
        await blockedMs(perAccount, accountKey(account)),
        await blockedMs(perAddress, address),
      );
      return ms > 0 ? Math.ceil(ms / 1000) : null;
    },
    async recordFailure(account, address) {
      await Promise.all([countFailure(perAccount, accountKey(account)), countFailure(perAddress, address)]);
    },
    async recordSuccess(account) {
      await perAccount.delete(accountKey(account)).catch((error: unknown) => {
        options.logger.warn({ err: error }, 'could not reset the sign-in failures of an account');
      });
    },
    async allowResetEmail(account) {
      try {
        await resets.consume(accountKey(account));
        return true;
      } catch (error) {
        if (error instanceof Error) {
          options.logger.warn({ err: error }, 'could not count a reset e-mail');
          return true;
        }
        return false;
      }
    },
  };
}
