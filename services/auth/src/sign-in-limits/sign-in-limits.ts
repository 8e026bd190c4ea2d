/**
 * Limits on password guessing that cannot be turned against an account's owner (OWASP's advice, in
 * rate-limiter-flexible's "login endpoint protection" pattern): failures in a row per (account, client
 * address) pair, and failures per address in a day. An owner signing in from an address that did not fail
 * is never refused, however many addresses guess at the account, the support admin's included. Also
 * limits password-reset e-mails per account. Counted by the kit's request limits
 * (packages/service-kit/src/rate-limits/README.md): in the service's database, or in Redis when REDIS_URL
 * is set, so every replica sees the same counts (docs/decisions.md, 37, 47).
 */
import {
  clientAddressKey,
  hashedKey,
  type RateLimiter,
  type RateLimitStore,
  type RateLimitTake,
} from '@platform/service-kit';

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
  /** The service's request limits (`deps.rateLimits`). */
  store: RateLimitStore;
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

const refusal = (take: Extract<RateLimitTake, { allowed: false }>): SignInAdmission => ({
  admitted: false,
  retryAfterSeconds: take.retryAfterSeconds,
});

export function createSignInLimits(options: SignInLimitsOptions): SignInLimits {
  const perPair: RateLimiter = options.store.limiter({
    name: 'login-fail-pair',
    points: options.maxConsecutiveFailures,
    durationSeconds: PAIR_WINDOW_SECONDS,
  });
  const perAddress = options.store.limiter({
    name: 'login-fail-address',
    points: options.maxFailuresPerAddressPerDay,
    durationSeconds: ADDRESS_WINDOW_SECONDS,
  });
  const resets = options.store.limiter({
    name: 'reset-account',
    points: RESETS_PER_ACCOUNT,
    durationSeconds: RESET_WINDOW_SECONDS,
  });

  return {
    async admit(account, address) {
      const addressKey = clientAddressKey(address);
      // Accounts are keyed by a hash, so no e-mail address sits in the store.
      const pairKey = `${hashedKey(account)}:${addressKey}`;
      // The address first: once it is over its limit nothing is stored about the accounts it names, so
      // a refused address cannot fill the store with pairs.
      const client = await perAddress.take(addressKey);
      if (!client.allowed) return refusal(client);
      const pair = await perPair.take(pairKey);
      if (!pair.allowed) {
        // A refused attempt checks no password, so it costs the address nothing.
        await perAddress.giveBack(addressKey);
        return refusal(pair);
      }
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
            settle(() => Promise.all([perPair.forget(pairKey), perAddress.giveBack(addressKey)])),
          failed: () =>
            settle(async () => {
              // The failure that reaches the limit blocks the pair for a full 15 minutes from now.
              if (pair.consumed >= perPair.points) await perPair.block(pairKey, PAIR_BLOCK_SECONDS);
            }),
          abandoned: () =>
            settle(() => Promise.all([perPair.giveBack(pairKey), perAddress.giveBack(addressKey)])),
        },
      };
    },
    async allowResetEmail(account) {
      return (await resets.take(hashedKey(account))).allowed;
    },
  };
}
