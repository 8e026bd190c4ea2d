/**
 * Limits on password guessing that cannot be turned against an account's owner (OWASP's advice, in
 * rate-limiter-flexible's "login endpoint protection" pattern). One refusal: failures in a row per
 * (account, client address) pair. Everything else slows, never refuses: an address failing against many
 * accounts, and an account failing from many addresses, make each further attempt from that address or on
 * that account wait longer before its password is checked (doubling, capped). So a correct password is
 * never refused because of failures against other accounts (an office behind one NAT keeps signing in),
 * while guessing gets slow. Also limits password-reset e-mails per account. Counted by the kit's request
 * limits (packages/service-kit/src/rate-limits/README.md): in the service's database, or in Redis when
 * REDIS_URL is set, so every replica sees the same counts (docs/decisions.md, 37, 47).
 */
import {
  clientAddressKey,
  hashedKey,
  type RateLimiter,
  type RateLimitStore,
  type RateLimitTake,
} from '@platform/service-kit/rate-limits';

/** How long a pair waits once it reached its limit: the 15 minutes the refusal message names. */
export const PAIR_BLOCK_SECONDS = 15 * 60;
/** Failures from an address, or on an account, count towards slowing for this long (fixed window). */
export const SLOWING_WINDOW_SECONDS = 60 * 60;
/** The first delay once an address or an account is past its free failures; it doubles with each one. */
export const FIRST_DELAY_MS = 250;
/** A pair's failures in a row count for at most this long; a success clears them sooner. */
const PAIR_WINDOW_SECONDS = 24 * 60 * 60;
const RESET_WINDOW_SECONDS = 60 * 60;
const RESETS_PER_ACCOUNT = 5;
/** The slowing counters only count: they never refuse. */
const COUNT_ONLY = 1_000_000_000;

export interface SignInLimitsOptions {
  /** Failures in a row for one account from one address before that pair waits. */
  maxConsecutiveFailures: number;
  /** Failures from one address (any accounts) within the window before its attempts are slowed. */
  slowAfterAddressFailures: number;
  /** Failures on one account (any addresses) within the window before attempts on it are slowed. */
  slowAfterAccountFailures: number;
  /** The longest any attempt is slowed. */
  maxDelayMs: number;
  /** The service's request limits (`deps.rateLimits`). */
  store: RateLimitStore;
}

/** A password check that holds a place in the counters until it is settled. */
export interface SignInAttempt {
  /** The password was right: the pair's failures are forgotten and the attempt is not counted as a failure. */
  succeeded(): Promise<void>;
  /** The password was wrong (or the account unknown): it stays counted; the pair's last allowed one blocks it. */
  failed(): Promise<void>;
  /** The check could not be made (an error): nothing is counted. */
  abandoned(): Promise<void>;
}

export type SignInAdmission =
  | { admitted: true; attempt: SignInAttempt; delayMs: number }
  | { admitted: false; retryAfterSeconds: number };

export interface SignInLimits {
  /**
   * Takes a place for one password check, before the check, so that simultaneous guesses cannot all slip
   * in under the limit. Refused (with the seconds to wait) only when the pair is over its limit; otherwise
   * admitted with how long to wait before checking the password.
   */
  admit(account: string, address: string): Promise<SignInAdmission>;
  /** False when this account asked for too many reset links lately (the answer stays the same). */
  allowResetEmail(account: string): Promise<boolean>;
}

/** The wait before a check, from the failures already counted: none up to `free`, then doubling, capped. */
export function slowingDelayMs(failuresBefore: number, free: number, maxDelayMs: number): number {
  const over = failuresBefore - free;
  if (over < 0) return 0;
  // 2^over overflows nothing that matters: past 2^20 the cap has long applied.
  return Math.min(maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(over, 20));
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
    name: 'login-slow-address',
    points: COUNT_ONLY,
    durationSeconds: SLOWING_WINDOW_SECONDS,
  });
  const perAccount = options.store.limiter({
    name: 'login-slow-account',
    points: COUNT_ONLY,
    durationSeconds: SLOWING_WINDOW_SECONDS,
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
      const accountKey = hashedKey(account);
      const pairKey = `${accountKey}:${addressKey}`;
      const pair = await perPair.take(pairKey);
      // A refused attempt checks no password, so it counts nowhere else.
      if (!pair.allowed) return refusal(pair);
      const [client, target] = await Promise.all([perAddress.take(addressKey), perAccount.take(accountKey)]);
      const delayMs = Math.max(
        client.allowed
          ? slowingDelayMs(client.consumed - 1, options.slowAfterAddressFailures, options.maxDelayMs)
          : 0,
        target.allowed
          ? slowingDelayMs(target.consumed - 1, options.slowAfterAccountFailures, options.maxDelayMs)
          : 0,
      );
      let settled = false;
      const settle = async (action: () => Promise<unknown>) => {
        if (settled) return;
        settled = true;
        await action();
      };
      const notAFailure = () =>
        Promise.all([perAddress.giveBack(addressKey), perAccount.giveBack(accountKey)]);
      return {
        admitted: true,
        delayMs,
        attempt: {
          succeeded: () => settle(() => Promise.all([perPair.forget(pairKey), notAFailure()])),
          failed: () =>
            settle(async () => {
              // The failure that reaches the limit blocks the pair for a full 15 minutes from now.
              if (pair.consumed >= perPair.points) await perPair.block(pairKey, PAIR_BLOCK_SECONDS);
            }),
          abandoned: () => settle(() => Promise.all([perPair.giveBack(pairKey), notAFailure()])),
        },
      };
    },
    async allowResetEmail(account) {
      return (await resets.take(hashedKey(account))).allowed;
    },
  };
}
