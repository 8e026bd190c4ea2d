/**
 * Sign-in limits kept in Redis are shared by replicas. Runs when REDIS_URL is set or a Redis answers on
 * 127.0.0.1:6379; every run uses its own key prefix and deletes its keys.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import {
  backings,
  signupBody,
  startAuth,
  uniqueAddress,
  uniqueEmail,
  type AuthUnderTest,
  type Backing,
} from '../../__tests__/harness.js';
import { createSignInLimits } from '../sign-in-limits.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers(REDIS_URL);
const describeWithRedis = available ? describe : describe.skip;
const prefix = `test-auth-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

describeWithRedis('sign-in limits in Redis', () => {
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('blocks a pair for 15 minutes at the limit, clears it on success, keeps no e-mail in Redis', async () => {
    const limits = createSignInLimits({
      maxConsecutiveFailures: 3,
      maxFailuresPerAddressPerDay: 100,
      redis,
      keyPrefix: `${prefix}-unit`,
      logger: pino({ level: 'silent' }),
    });
    const email = 'limits@example.com';
    const attempt = async (address: string, outcome: 'failed' | 'succeeded') => {
      const admission = await limits.admit(email, address);
      if (!admission.admitted) return admission.retryAfterSeconds;
      await admission.attempt[outcome]();
      return null;
    };
    await attempt('192.0.2.1', 'failed');
    await attempt('192.0.2.1', 'failed');
    await attempt('192.0.2.1', 'succeeded');
    for (let failure = 0; failure < 3; failure += 1) expect(await attempt('192.0.2.1', 'failed')).toBeNull();
    const wait = await attempt('192.0.2.1', 'succeeded');
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(await attempt('192.0.2.2', 'succeeded')).toBeNull();
    const keys = await redis.keys(`${prefix}-unit*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain(email);
  });

  describe.each(backings())('two replicas on $name', (factory) => {
    let backings: Backing[];
    let replicas: AuthUnderTest[];

    beforeAll(async () => {
      backings = [await factory.create(), await factory.create()];
      const env = {
        REDIS_URL,
        REDIS_KEY_PREFIX: `${prefix}-replicas`,
        LOGIN_MAX_CONSECUTIVE_FAILURES: '4',
        LOGIN_MAX_FAILURES_PER_ADDRESS_PER_DAY: '50',
      };
      replicas = [await startAuth(backings[0]!, { env }), await startAuth(backings[1]!, { env })];
    });

    afterAll(async () => {
      for (const replica of replicas ?? []) await replica.stop();
      for (const backing of backings ?? []) await backing.cleanup();
    });

    it('failures counted by one replica block the pair on the other', async () => {
      const email = uniqueEmail('shared');
      const guesser = uniqueAddress();
      const [a, b] = replicas as [AuthUnderTest, AuthUnderTest];
      expect((await b.call('/api/auth/signup', { json: signupBody(email) })).status).toBe(201);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await a.call('/api/auth/login', {
          json: { email, password: 'Wrong!Password1' },
          address: guesser,
        });
        expect(response.status).toBe(401);
      }
      const password = signupBody(email).password;
      const blocked = await b.call('/api/auth/login', { json: { email, password }, address: guesser });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      const owner = await b.call('/api/auth/login', { json: { email, password }, address: uniqueAddress() });
      expect(owner.status).toBe(200);
    });
  });
});

describe.each(backings())('a Redis that does not answer, on $name', (factory) => {
  it('sign-in still works, with the limits in memory', async () => {
    const backing = await factory.create();
    const auth = await startAuth(backing, {
      env: { REDIS_URL: 'redis://127.0.0.1:1', LOGIN_MAX_CONSECUTIVE_FAILURES: '2' },
    });
    try {
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
      expect(auth.logs.some((line) => String(line.msg).startsWith('Redis unavailable'))).toBe(true);
    } finally {
      await auth.stop();
      await backing.cleanup();
    }
  });
});
