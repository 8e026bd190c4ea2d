/**
 * Sign-in limits are shared by replicas: two auth services on one PostgreSQL database, or on one Redis
 * (each with a database of its own), see the same counts. The stores keep no e-mail address, and a Redis
 * that does not answer leaves the counting to the database.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  rateLimitBackings,
  redisKeysUnder,
  type RateLimitBacking,
  useBacking,
} from '@platform/service-kit/testing';
import {
  backings,
  signupBody,
  startAuth,
  uniqueAddress,
  uniqueEmail,
  type AuthUnderTest,
  type Backing,
} from '../../__tests__/harness.js';
import { SIGN_IN_SLOWED_CHANNEL } from '../../accounts/log-in.js';
import { rateLimits } from '../../db/schema.js';
import { FIRST_DELAY_MS, slowingDelayMs } from '../sign-in-limits.js';

describe('the wait before a password check', () => {
  it('is none up to the free failures, then doubles with each failure up to the cap', () => {
    const waits = Array.from({ length: 12 }, (_, failures) => slowingDelayMs(failures, 3, 5_000));
    expect(waits).toEqual([0, 0, 0, 250, 500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000, 5_000]);
    expect(FIRST_DELAY_MS).toBe(250);
    expect(slowingDelayMs(1_000_000, 3, 5_000)).toBe(5_000);
  });
});

const limitStores = await rateLimitBackings('auth');
/**
 * Replicas share a store only where two processes can reach it: PostgreSQL (both on one database), or
 * Redis (each on its own database, PGlite's included).
 */
const replicaSetups = backings().flatMap((backing) =>
  limitStores
    .filter((limits) => limits.name === 'Redis' || backing.name.startsWith('PostgreSQL'))
    .map((limits) => ({
      name: `${backing.name}, limits in ${limits.name}`,
      backing,
      limits,
      sharedDatabase: limits.name === 'database',
    })),
);

const WRONG = 'Wrong!Password1';

describe.each(replicaSetups)('two auth replicas on $name', (setup) => {
  let backings: Backing[];
  let limits: RateLimitBacking;
  let replicas: [AuthUnderTest, AuthUnderTest];

  beforeAll(async () => {
    const first = await setup.backing.create();
    backings = setup.sharedDatabase ? [first] : [first, await setup.backing.create()];
    limits = setup.limits.create();
    const env = {
      ...limits.env,
      LOGIN_MAX_CONSECUTIVE_FAILURES: '4',
      LOGIN_SLOW_AFTER_ADDRESS_FAILURES: '6',
      LOGIN_MAX_DELAY_MS: '20',
    };
    replicas = [
      await startAuth(backings[0]!, { env }),
      await startAuth(backings[setup.sharedDatabase ? 0 : 1]!, { env }),
    ];
  });

  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.stop();
    for (const backing of backings ?? []) await backing.cleanup();
    await limits?.cleanup();
  });

  it('failures counted by one replica block the pair on the other; the owner gets in from elsewhere', async () => {
    const [a, b] = replicas;
    const email = uniqueEmail('shared');
    const guesser = uniqueAddress();
    // Signed up on each replica's database (one and the same when they share it).
    expect((await a.call('/api/auth/signup', { json: signupBody(email) })).status).toBe(201);
    if (!setup.sharedDatabase) {
      expect((await b.call('/api/auth/signup', { json: signupBody(email) })).status).toBe(201);
    }
    for (const replica of [a, b, a, b]) {
      const response = await replica.call('/api/auth/login', {
        json: { email, password: WRONG },
        address: guesser,
      });
      expect(response.status).toBe(401);
    }
    const { password } = signupBody(email);
    for (const replica of [a, b]) {
      const blocked = await replica.call('/api/auth/login', { json: { email, password }, address: guesser });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
    const owner = await b.call('/api/auth/login', { json: { email, password }, address: uniqueAddress() });
    expect(owner.status).toBe(200);
  });

  it('an address failing on both replicas is slowed once it failed 6 times in all, not 6 times on each', async () => {
    const [a, b] = replicas;
    const address = uniqueAddress();
    const delays: number[] = [];
    const record = (message: unknown) => delays.push((message as { delayMs: number }).delayMs);
    subscribe(SIGN_IN_SLOWED_CHANNEL, record);
    try {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const replica = attempt % 2 === 0 ? a : b;
        const response = await replica.call('/api/auth/login', {
          json: { email: uniqueEmail('guess'), password: WRONG },
          address,
        });
        expect(response.status).toBe(401);
      }
      expect(delays).toEqual([]);
      for (const replica of [a, b]) {
        const slowed = await replica.call('/api/auth/login', {
          json: { email: uniqueEmail('guess'), password: WRONG },
          address,
        });
        expect(slowed.status).toBe(401);
      }
      expect(delays).toEqual([20, 20]);
    } finally {
      unsubscribe(SIGN_IN_SLOWED_CHANNEL, record);
    }
  });

  it('keeps accounts in the store only as hashes', async () => {
    const [a] = replicas;
    const email = uniqueEmail('hashed');
    await a.call('/api/auth/login', { json: { email, password: WRONG }, address: uniqueAddress() });
    const keys =
      setup.limits.name === 'Redis'
        ? await redisKeysUnder(limits.env.REDIS_URL!, limits.env.REDIS_KEY_PREFIX!)
        : (await a.service.deps.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.includes('login-fail-pair:'))).toBe(true);
    expect(keys.join(' ')).not.toContain(email.split('@')[0]!);
    expect(keys.join(' ')).not.toContain('@');
  });
});

describe.each(backings())('a Redis that does not answer, on $name', (factory) => {
  let auth: AuthUnderTest;

  useBacking(factory, async (backing) => {
    auth = await startAuth(backing, {
      env: { REDIS_URL: 'redis://127.0.0.1:1', LOGIN_MAX_CONSECUTIVE_FAILURES: '2' },
    });
    return auth;
  });

  it('sign-in still works, with the limits counted in the database', async () => {
    const email = uniqueEmail();
    const password = signupBody(email).password;
    expect((await auth.call('/api/auth/signup', { json: signupBody(email) })).status).toBe(201);
    expect((await auth.call('/api/auth/login', { json: { email, password } })).status).toBe(200);
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const wrong = await auth.call('/api/auth/login', { json: { email, password: 'nope' }, address });
      expect(wrong.status).toBe(401);
    }
    expect((await auth.call('/api/auth/login', { json: { email, password }, address })).status).toBe(429);
    const rows = await auth.service.deps.db.select().from(rateLimits);
    expect(rows.some((row) => row.key.startsWith('login-fail-pair:'))).toBe(true);
    expect(auth.logs.some((line) => String(line.msg).startsWith('Redis unavailable'))).toBe(true);
  });
});
