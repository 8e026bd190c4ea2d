/** The auth service's settings: the shared ones, plus admin bootstrap, sessions, rate limits and OIDC. */
import { DEFAULT_SERVICE_PORTS } from '@platform/contracts/services';
import { ADDRESS_PATTERN, newPasswordSchema, SETUP_PASSWORD_MIN_LENGTH } from '@platform/contracts';
import { envBoolean, envHttpUrl, publicBaseUrlSetting } from '@platform/service-kit/config';
import { serviceConfigSchema } from '@platform/service-kit/runtime';
import { z } from 'zod';
import { PRODUCTION_PASSWORD_COST, type PasswordCost } from './accounts/password-hash.js';

const emailAddress = z
  .string()
  .trim()
  .regex(ADDRESS_PATTERN, 'must be an e-mail address')
  .transform((value) => value.toLowerCase());

const positiveInt = z.coerce.number().int().positive();

/** A variable that is no longer read: setting it stops the service, naming what replaced it. */
const retired = (replacement: string) => z.never({ error: `no longer read; see ${replacement}` }).optional();

export const authConfigSchema = serviceConfigSchema('auth', DEFAULT_SERVICE_PORTS.auth, {
  // The support admin: created or updated at every start when both are set (docs/decisions.md, 11).
  ADMIN_EMAIL: emailAddress
    .optional()
    .describe(
      'the support admin, created or updated at every start (with `ADMIN_PASSWORD`); the embedded mode ' +
        'without it creates `admin@localhost` once and prints its random password once',
    ),
  ADMIN_PASSWORD: newPasswordSchema(SETUP_PASSWORD_MIN_LENGTH)
    .optional()
    .describe("the support admin's password (with `ADMIN_EMAIL`)"),
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(ADDRESS_PATTERN, 'must be comma-separated e-mail addresses')))
    .default([])
    .describe(
      'comma-separated addresses that get the admin role once proven (an e-mailed set-password link, or a verified OIDC e-mail)',
    ),
  // Other addresses are not affected, so nobody can lock an owner out from elsewhere.
  LOGIN_MAX_CONSECUTIVE_FAILURES: positiveInt
    .default(5)
    .describe(
      'failed sign-ins in a row for one account from one client address; that address then gets `429` ' +
        'for that account for 15 minutes (a success resets the count)',
    ),
  // Slowing, never refusing: a correct password is never refused for failures against other accounts.
  LOGIN_SLOW_AFTER_ADDRESS_FAILURES: positiveInt
    .default(10)
    .describe(
      'failed sign-ins from one client address (any accounts) within an hour before its further attempts ' +
        'wait before the check: 250 ms, doubling with each failure, up to `LOGIN_MAX_DELAY_MS`',
    ),
  LOGIN_SLOW_AFTER_ACCOUNT_FAILURES: positiveInt
    .default(5)
    .describe(
      'failed sign-ins on one account (from any addresses) within an hour before further attempts on it wait ' +
        'the same way',
    ),
  LOGIN_MAX_DELAY_MS: positiveInt.default(5_000).describe('the longest a sign-in is made to wait'),
  // The former per-account limit let anyone lock an account; refused so an old setting is not ignored.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: retired(
    'LOGIN_MAX_CONSECUTIVE_FAILURES (per account and address)',
  ).describe('retired: setting it stops the service (see `LOGIN_MAX_CONSECUTIVE_FAILURES`)'),
  LOGIN_MAX_FAILURES_PER_ADDRESS: retired('LOGIN_SLOW_AFTER_ADDRESS_FAILURES').describe(
    'retired: setting it stops the service (see `LOGIN_SLOW_AFTER_ADDRESS_FAILURES`)',
  ),
  // The address-wide refusal shut out whole offices behind one NAT; it slows instead now.
  LOGIN_MAX_FAILURES_PER_ADDRESS_PER_DAY: retired('LOGIN_SLOW_AFTER_ADDRESS_FAILURES').describe(
    'retired: setting it stops the service (see `LOGIN_SLOW_AFTER_ADDRESS_FAILURES`)',
  ),
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .max(262_144)
    .default(PRODUCTION_PASSWORD_COST.memoryKib)
    .describe(
      'argon2id memory of new password hashes (OWASP); older hashes are redone at the next sign-in. Lower only for tests',
    ),
  PASSWORD_HASH_ITERATIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(PRODUCTION_PASSWORD_COST.iterations)
    .describe('argon2id passes of new password hashes. Lower only for tests'),
  PUBLIC_BASE_URL: publicBaseUrlSetting(
    "the site's address as browsers see it (the OIDC redirect URI is derived from it)",
  ),
  SESSION_IDLE_DAYS: positiveInt.default(7).describe('a session unused for this long ends'),
  SESSION_ABSOLUTE_DAYS: positiveInt.default(30).describe('any session ends this long after sign-in'),
  COOKIE_SECURE: envBoolean
    .optional()
    .describe('`Secure` session cookie named `__Host-session` (else `session`); unset: on in production'),
  OIDC_ISSUER_URL: envHttpUrl('https://accounts.example.com')
    .optional()
    .describe('OpenID Connect sign-in at `/api/login`; without an issuer `/api/login` goes to `/login`'),
  OIDC_CLIENT_ID: z.string().optional().describe('OpenID Connect client id (required with an issuer)'),
  OIDC_CLIENT_SECRET: z.string().optional().describe('OpenID Connect client secret'),
  OIDC_REDIRECT_URI: envHttpUrl('https://example.com/api/callback')
    .optional()
    .describe('OpenID Connect redirect URI; unset: `PUBLIC_BASE_URL` + `/api/callback`'),
  OIDC_SCOPES: z.string().default('openid email profile').describe('OpenID Connect scopes asked for'),
}).superRefine((config, ctx) => {
  if (config.ADMIN_PASSWORD && !config.ADMIN_EMAIL)
    ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'required when ADMIN_PASSWORD is set' });
  if (config.ADMIN_EMAIL && !config.ADMIN_PASSWORD)
    ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'required when ADMIN_EMAIL is set' });
  if (config.OIDC_ISSUER_URL && !config.OIDC_CLIENT_ID)
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_CLIENT_ID'],
      message: 'required when OIDC_ISSUER_URL is set',
    });
});

export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The argon2id cost of new password hashes (one lane: concurrent sign-ins are the parallelism). */
export function passwordCostOf(config: AuthConfig): PasswordCost {
  return {
    memoryKib: config.PASSWORD_HASH_MEMORY_KIB,
    iterations: config.PASSWORD_HASH_ITERATIONS,
    parallelism: PRODUCTION_PASSWORD_COST.parallelism,
  };
}

/**
 * A cheap password-hashing cost for test harnesses and benchmarks, so a test sign-up does not pay the
 * production price; one test keeps the production cost.
 */
export const TEST_PASSWORD_HASH_ENV = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1' };

/** Whether the session cookie is `Secure` (and therefore named `__Host-session`). */
export function usesSecureCookies(config: AuthConfig): boolean {
  return config.COOKIE_SECURE ?? config.NODE_ENV === 'production';
}
