/**
 * Limits on password guessing that cannot be turned against an account's owner (OWASP's advice, in
 * rate-limiter-flexible's "login endpoint protection" pattern): failures in a row per (account, client
 * address) pair, and failures per address in a day. An owner signing in from an address that did not fail
 * is never refused, however many addresses guess at the account, the support admin's included. Also
 * limits password-reset e-mails per account. In memory for one process (embedded mode), in Redis when
 * REDIS_URL is set so replicas share them; if Redis stops answering, each replica uses its own memory.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '@platform/service-kit';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** How long a pair waits once it reached its limit: the 15 minutes the refusal message names. */
export const PAIR_BLOCK_SECONDS = 15 * 60;
/** An address's failures count for this long after its first one (fixed window). */
export const ADDRESS_WINDOW_SECONDS = 24 * 60 * 60;
/** A pair's failures in a row count for at most this long; a success clears them sooner. */
const PAIR_WINDOW_SECONDS = 24 * 60 * 60;
const RESET_WINDOW_SECONDS = 60 * 60;
const RESETS_PER_ACCOUNT = 5;

export interface SignInLimitsOptions {
  /** Failures in a row for one account from one address before that pair waits. */
  maxConsecutiveFailures: number;
  /** Failures from one address in a day, whatever the accounts. */
  maxFailuresPerAddressPerDay: number;
  /** Shared store; memory when absent. */
  redis?: Redis | undefined;
  keyPrefix: string;
  logger: Logger;
}

/** A password check that holds a place in both counters until it is settled. */
export interface SignInAttempt {
  /** The password was right: the pair's failures are forgotten and the address gets its place back. */
  succeeded(): Promise<void>;
  /** The password was wrong (or the account unknown): it stays counted; the pair's last allowed one blocks it. */
  failed(): Promise<void>;
  /** The check could not be made (an error): nothing is counted. */
  abandoned(): Promise<void>;
}

export type SignInAdmission =
  { admitted: true; attempt: SignInAttempt } | { admitted: false; retryAfterSeconds: number };

export interface SignInLimits {
  /**
   * Takes a place for one password check, before the check, so that simultaneous guesses cannot all slip
   * in under the limit. Refused (with the seconds to wait) when the pair or the address is over its limit.
   */
  admit(account: string, address: string): Promise<SignInAdmission>;
  /** False when this account asked for too many reset links lately (the answer stays the same). */
  allowResetEmail(account: string): Promise<boolean>;
}

/** Accounts are keyed by a hash of the address, so no e-mail address sits in the limiter's store. */
function accountKey(account: string): string {
  return createHash('sha256').update(account.trim().toLowerCase()).digest('base64url');
}

/**
 * The client as the limits see it: an IPv4 address (also when written IPv4-mapped), or the /64 network
 * of an IPv6 address, since one IPv6 client usually holds a whole /64 and could otherwise take a new
 * address for every guess.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = [...parsed.toByteArray().slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0];
  return `${ipaddr.fromByteArray(network).toString()}/64`;
}

type Outcome = { within: boolean; res: RateLimiterRes } | { error: unknown };

const counted = (outcome: Outcome): outcome is { within: true; res: RateLimiterRes } =>
  'within' in outcome && outcome.within;
const refused = (outcome: Outcome): outcome is { within: false; res: RateLimiterRes } =>
  'within' in outcome && !outcome.within;
/** Refused until the key's window or block ends (at least a second). */
const refusal = (outcome: { res: RateLimiterRes }): SignInAdmission => ({
  admitted: false,
  retryAfterSeconds: Math.ceil(Math.max(outcome.res.msBeforeNext, 1000) / 1000),
});

export function createSignInLimits(options: SignInLimitsOptions): SignInLimits {
  // Every limiter is built here, in one place.
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
  const perPair = limiter('login-fail-pair', options.maxConsecutiveFailures, PAIR_WINDOW_SECONDS);
  const perAddress = limiter(
    'login-fail-address',
    options.maxFailuresPerAddressPerDay,
    ADDRESS_WINDOW_SECONDS,
  );
  const resets = limiter('reset-account', RESETS_PER_ACCOUNT, RESET_WINDOW_SECONDS);

  const warn = (message: string) => (error: unknown) => {
    options.logger.warn({ err: error }, message);
  };

  /** Counts one attempt for `key`; a store that cannot count is logged and lets the check go ahead. */
  async function take(limiterOf: RateLimiterAbstract, key: string): Promise<Outcome> {
    try {
      return { within: true, res: await limiterOf.consume(key) };
    } catch (error) {
      // consume() rejects with the limiter's answer when the key is over its limit.
      if (error instanceof RateLimiterRes) return { within: false, res: error };
      warn('could not count a sign-in attempt')(error);
      return { error };
    }
  }

  async function giveBack(limiterOf: RateLimiterAbstract, key: string): Promise<void> {
    await limiterOf.reward(key, 1).catch(warn('could not return a sign-in place'));
  }

  return {
    async admit(account, address) {
      const addressKey = clientKey(address);
      const pairKey = `${accountKey(account)}:${addressKey}`;
      // The address first: once it is over its limit nothing is stored about the accounts it names, so
      // a refused address cannot fill the store with pairs.
      const client = await take(perAddress, addressKey);
      if (refused(client)) return refusal(client);
      const pair = await take(perPair, pairKey);
      if (refused(pair)) {
        // A refused attempt checks no password, so it costs the address nothing.
        if (counted(client)) await giveBack(perAddress, addressKey);
        return refusal(pair);
      }
      const pairCount = counted(pair) ? pair.res.consumedPoints : 0;
      let settled = false;
      const settle = async (action: () => Promise<unknown>) => {
        if (settled) return;
        settled = true;
        await action();
      };
      return {
        admitted: true,
        attempt: {
          succeeded: () =>
            settle(() =>
              Promise.all([
                perPair.delete(pairKey).catch(warn('could not clear the sign-in failures of an address')),
                counted(client) ? giveBack(perAddress, addressKey) : undefined,
              ]),
            ),
          failed: () =>
            settle(async () => {
              // The failure that reaches the limit blocks the pair for a full 15 minutes from now.
              if (pairCount >= perPair.points) {
                await perPair
                  .block(pairKey, PAIR_BLOCK_SECONDS)
                  .catch(warn('could not block a sign-in pair'));
              }
            }),
          abandoned: () =>
            settle(() =>
              Promise.all([
                counted(pair) ? giveBack(perPair, pairKey) : undefined,
                counted(client) ? giveBack(perAddress, addressKey) : undefined,
              ]),
            ),
        },
      };
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
