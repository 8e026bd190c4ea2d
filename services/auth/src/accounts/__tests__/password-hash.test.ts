/**
 * Password hashing: argon2id at OWASP's cost unless the settings lower it; hashes from before argon2id
 * (scrypt) and hashes at another cost still sign in and are stored again at the current cost.
 */
import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@platform/service-kit/config';
import { eq } from 'drizzle-orm';
import {
  backings,
  HARNESS_COST,
  hashingDuring,
  PASSWORD,
  signupBody,
  startAuth,
  uniqueAddress,
  uniqueEmail,
  useAuth,
} from '../../__tests__/harness.js';
import { authConfigSchema, passwordCostOf } from '../../config.js';
import { users } from '../../db/schema.js';
import { createPasswordHasher, PRODUCTION_PASSWORD_COST } from '../password-hash.js';

/** `PASSWORD` ('Restaurant!1') as the service stored it before argon2id: scrypt N=2^17, r=8, p=1. */
const LEGACY_SCRYPT_HASH =
  'scrypt$17$8$1$e8XrNH0Yf09mtHQz3cBG1w==$9PrW7o9UyXBeYpeYE1UiDAL4+9WFVcPEjxYGSGCmvgNZVp4X8dCj0QxGd9SdGUgA6mQnnCVM/H4SnT44PTVASQ==';
const SECRET = 'x'.repeat(32);

describe('password hashing settings', () => {
  it('defaults to argon2id at m=19456 KiB, t=2, p=1', () => {
    const config = loadConfig(authConfigSchema, { INTERNAL_TOKEN_SECRET: SECRET });
    expect(passwordCostOf(config)).toEqual(PRODUCTION_PASSWORD_COST);
    expect(PRODUCTION_PASSWORD_COST).toEqual({ memoryKib: 19_456, iterations: 2, parallelism: 1 });
  });

  it('refuses the former per-account and per-address limit settings, naming their replacements', () => {
    const load = () =>
      loadConfig(authConfigSchema, {
        INTERNAL_TOKEN_SECRET: SECRET,
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '20',
        LOGIN_MAX_FAILURES_PER_ADDRESS_PER_DAY: '100',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /LOGIN_MAX_FAILURES_PER_ACCOUNT: no longer read; see LOGIN_MAX_CONSECUTIVE_FAILURES/,
    );
    expect(load).toThrow(
      /LOGIN_MAX_FAILURES_PER_ADDRESS: no longer read; see LOGIN_SLOW_AFTER_ADDRESS_FAILURES/,
    );
    expect(load).toThrow(
      /LOGIN_MAX_FAILURES_PER_ADDRESS_PER_DAY: no longer read; see LOGIN_SLOW_AFTER_ADDRESS_FAILURES/,
    );
  });
});

// The one suite that pays the production cost (every other test runs at the harness's cheap one).
describe(`at the production cost, on ${backings()[0]!.name}`, () => {
  const auth = useAuth(backings()[0]!, {
    env: {
      PASSWORD_HASH_MEMORY_KIB: String(PRODUCTION_PASSWORD_COST.memoryKib),
      PASSWORD_HASH_ITERATIONS: String(PRODUCTION_PASSWORD_COST.iterations),
    },
  });

  it('stores $argon2id$v=19$m=19456,t=2,p=1$…, signs in with it, and checks unknown e-mails at that cost', async () => {
    const email = uniqueEmail();
    expect((await auth.call('/api/auth/signup', { json: signupBody(email) })).status).toBe(201);
    const [row] = await auth.service.deps.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect((await auth.call('/api/auth/login', { json: { email, password: PASSWORD } })).status).toBe(200);
    expect((await auth.call('/api/auth/login', { json: { email, password: 'Wrong-1!x' } })).status).toBe(401);
    const unknown = await hashingDuring(() =>
      auth.call('/api/auth/login', { json: { email: uniqueEmail('nobody'), password: PASSWORD } }),
    );
    expect(unknown.result.status).toBe(401);
    expect(unknown.work).toEqual([{ operation: 'verify', algorithm: 'argon2id', cost: 'm=19456,t=2,p=1' }]);
  });
});

describe.each(backings())('stored hashes on $name', (factory) => {
  const auth = useAuth(factory);

  /** An account whose stored hash is `passwordHash`, as an older version of the service left it. */
  async function accountWithHash(passwordHash: string): Promise<string> {
    const email = uniqueEmail();
    expect((await auth.call('/api/auth/signup', { json: signupBody(email) })).status).toBe(201);
    await auth.service.deps.db.update(users).set({ passwordHash }).where(eq(users.email, email));
    return email;
  }

  async function storedHash(email: string): Promise<string | null | undefined> {
    const [row] = await auth.service.deps.db.select().from(users).where(eq(users.email, email));
    return row?.passwordHash;
  }

  const logIn = (email: string, password: string) =>
    auth.call('/api/auth/login', { json: { email, password }, address: uniqueAddress() });

  it('signs in with a scrypt hash from before argon2id and stores argon2id in its place', async () => {
    const email = await accountWithHash(LEGACY_SCRYPT_HASH);
    // A wrong password changes nothing.
    expect((await logIn(email, 'Wrong-Password!1')).status).toBe(401);
    expect(await storedHash(email)).toBe(LEGACY_SCRYPT_HASH);

    const first = await hashingDuring(() => logIn(email, PASSWORD));
    expect(first.result.status).toBe(200);
    expect(first.work).toEqual([
      { operation: 'verify', algorithm: 'scrypt', cost: 'N=2^17,r=8,p=1' },
      { operation: 'hash', algorithm: 'argon2id', cost: HARNESS_COST },
    ]);
    expect(await storedHash(email)).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$${HARNESS_COST}\\$`));

    const second = await hashingDuring(() => logIn(email, PASSWORD));
    expect(second.result.status).toBe(200);
    expect(second.work).toEqual([{ operation: 'verify', algorithm: 'argon2id', cost: HARNESS_COST }]);
  });

  it('stores a hash made at another argon2id cost again at the configured one', async () => {
    const other = createPasswordHasher({ memoryKib: 2048, iterations: 3, parallelism: 1 }, { threads: 1 });
    const email = await accountWithHash(await other.hash(PASSWORD).finally(() => other.close()));
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=2048,t=3,p=1\$/);
    expect((await logIn(email, PASSWORD)).status).toBe(200);
    expect(await storedHash(email)).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$${HARNESS_COST}\\$`));
    expect((await logIn(email, PASSWORD)).status).toBe(200);
  });

  it("stores ADMIN_PASSWORD again at start when the admin's hash is at another cost, keeping its sessions", async () => {
    const own = await factory.create();
    const env = { ADMIN_EMAIL: 'support.rehash@example.com', ADMIN_PASSWORD: 'Support-Admin!2030' };
    let running = await startAuth(own, { env });
    try {
      const login = await running.call('/api/auth/login', {
        json: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
      const other = createPasswordHasher({ memoryKib: 2048, iterations: 3, parallelism: 1 }, { threads: 1 });
      const older = await other.hash(env.ADMIN_PASSWORD).finally(() => other.close());
      await running.service.deps.db
        .update(users)
        .set({ passwordHash: older })
        .where(eq(users.email, env.ADMIN_EMAIL));
      await running.stop();

      running = await startAuth(own, { env });
      const [row] = await running.service.deps.db
        .select()
        .from(users)
        .where(eq(users.email, env.ADMIN_EMAIL));
      expect(row?.passwordHash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$${HARNESS_COST}\\$`));
      expect(await running.whoIs(cookie)).toMatchObject({ kind: 'user', role: 'admin' });
    } finally {
      await running.stop();
      await own.cleanup();
    }
  });

  it('treats a malformed or absurd stored hash as matching nothing', async () => {
    for (const stored of [
      'scrypt$30$8$1$e8XrNH0Yf09mtHQz3cBG1w==$AAAA',
      '$argon2id$v=19$m=4194304,t=2,p=1$e8XrNH0Yf09mtHQz3cBG1w$9PrW7o9UyXBeYpeYE1UiDAL4+9WFVcPEjxYGSGCmvgM',
      'plain text',
    ]) {
      const email = await accountWithHash(stored);
      expect((await logIn(email, PASSWORD)).status).toBe(401);
      expect(await storedHash(email)).toBe(stored);
    }
  });
});
