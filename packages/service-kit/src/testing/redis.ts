/**
 * Redis for tests of request limits: the server at REDIS_URL, or one answering on 127.0.0.1:6379. Every
 * run uses a key prefix of its own and deletes its keys.
 */
import { randomBytes } from 'node:crypto';

/** ioredis, loaded by the few suites that use Redis (every test file imports this module). */
async function redisClass() {
  return (await import('ioredis')).Redis;
}

const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** The Redis tests may use, or undefined when none answers (the Redis backings are then left out). */
export async function redisUrlForTests(): Promise<string | undefined> {
  const url = process.env.REDIS_URL || DEFAULT_TEST_REDIS_URL;
  const Redis = await redisClass();
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG' ? url : undefined;
  } catch {
    return undefined;
  } finally {
    probe.disconnect();
  }
}

/** A key prefix no other run uses, e.g. `test-auth-m1abc-1f2e3d`. */
export function uniqueRedisKeyPrefix(name: string): string {
  return `test-${name}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** The keys under `prefix` (each test looks only at its own). */
export async function redisKeysUnder(url: string, prefix: string): Promise<string[]> {
  const Redis = await redisClass();
  const redis = new Redis(url);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  } finally {
    redis.disconnect();
  }
}

export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const keys = await redisKeysUnder(url, prefix);
  if (keys.length === 0) return;
  const Redis = await redisClass();
  const redis = new Redis(url);
  try {
    await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Where a service under test counts its request limits: its database, or Redis (when one answers). */
export interface RateLimitBacking {
  name: 'database' | 'Redis';
  /** Added to the service's environment. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/**
 * The request-limit stores to run a suite on, for `describe.each`: always the service's database, and
 * Redis when one answers. Call it at the top level of a test file (`await rateLimitBackings('auth')`).
 */
export async function rateLimitBackings(
  service: string,
): Promise<Array<{ name: RateLimitBacking['name']; create(): RateLimitBacking }>> {
  const url = await redisUrlForTests();
  const database = {
    name: 'database' as const,
    create: (): RateLimitBacking => ({ name: 'database', env: {}, cleanup: async () => undefined }),
  };
  if (!url) return [database];
  return [
    database,
    {
      name: 'Redis' as const,
      create: (): RateLimitBacking => {
        const prefix = uniqueRedisKeyPrefix(service);
        return {
          name: 'Redis',
          env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix },
          cleanup: () => deleteRedisKeys(url, prefix),
        };
      },
    },
  ];
}
