/**
 * Request limits on every store a service may count in: its database on PGlite and on PostgreSQL, and
 * Redis (over either database, which stands in while Redis does not answer). Limits hold under
 * simultaneous requests, replicas share the counts, keys hold no e-mail address, and the kit's cleanup
 * job removes expired counters every 5 minutes of service time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { MINUTE, SettableClock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { JobRunner } from '../../jobs/job-runner.js';
import { captureLogs } from '../../testing/logs.js';
import {
  deleteRedisKeys,
  redisKeysUnder,
  redisUrlForTests,
  uniqueRedisKeyPrefix,
} from '../../testing/redis.js';
import { RATE_LIMIT_CLEANUP_JOB, rateLimitCleanupJob } from '../cleanup-job.js';
import { clientAddressKey, hashedKey } from '../client-key.js';
import { openRateLimitStore, rateLimitsNotDeclared, type RateLimitStore } from '../rate-limit-store.js';
import { RATE_LIMITED_MESSAGE, takeOrRefuse } from '../take-or-refuse.js';
import { labFactories, type Lab, type LabFactory } from '../../jobs/__tests__/fixture/labs.js';
import { jobs, rateLimits } from '../../jobs/__tests__/fixture/schema.js';

const silent = pino({ level: 'silent' });

const redisUrl = await redisUrlForTests();
const databases = labFactories();
const stores = databases.flatMap((database) => [
  { database, name: `the database on ${database.name}`, redis: false },
  ...(redisUrl ? [{ database, name: `Redis over ${database.name}`, redis: true }] : []),
]);

/**
 * Opening a database costs seconds, so each kind is opened once and shared by the blocks below; each
 * test starts from empty tables (`emptyTables`).
 */
const labs = new Map<string, Promise<Lab>>();
function sharedLab(factory: LabFactory): Promise<Lab> {
  let lab = labs.get(factory.name);
  if (!lab) {
    lab = factory.create();
    labs.set(factory.name, lab);
  }
  return lab;
}
afterAll(async () => {
  const all = [...labs.values()];
  labs.clear();
  for (const lab of all) await (await lab).close();
});

async function emptyTables(lab: Lab): Promise<void> {
  await lab.db.execute(sql`truncate kit_jobs.rate_limits, kit_jobs.jobs`);
}

describe.each(stores)('request limits in $name', (factory) => {
  let lab: Lab;
  const prefix = uniqueRedisKeyPrefix('kit');
  const opened: RateLimitStore[] = [];

  /** One replica's store; `on: 'other'` is a second replica. */
  async function store(on: 'one' | 'other' = 'one', logger = silent): Promise<RateLimitStore> {
    const created = await openRateLimitStore({
      db: on === 'one' ? lab.db : lab.other,
      table: rateLimits,
      redisUrl: factory.redis ? redisUrl : undefined,
      redisKeyPrefix: prefix,
      logger,
    });
    opened.push(created);
    return created;
  }

  beforeAll(async () => {
    lab = await sharedLab(factory.database);
  });
  afterAll(async () => {
    for (const each of opened) await each.close();
    if (redisUrl) await deleteRedisKeys(redisUrl, prefix);
  });
  beforeEach(() => emptyTables(lab));

  it(`counts in ${factory.redis ? 'Redis' : 'the database'}`, async () => {
    expect((await store()).kind).toBe(factory.redis ? 'redis' : 'database');
  });

  it('allows the limit per key and window, then refuses until the window ends; other keys are not affected', async () => {
    const limiter = (await store()).limiter({ name: 'contact', points: 3, durationSeconds: 3600 });
    expect(limiter.points).toBe(3);
    const takes = [];
    for (let use = 0; use < 4; use += 1) takes.push(await limiter.take('203.0.113.7'));
    expect(takes.slice(0, 3)).toEqual([
      { allowed: true, consumed: 1, remaining: 2 },
      { allowed: true, consumed: 2, remaining: 1 },
      { allowed: true, consumed: 3, remaining: 0 },
    ]);
    const refused = takes[3]!;
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(3590);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await limiter.take('203.0.113.8')).toMatchObject({ allowed: true, consumed: 1 });
  });

  it('gives a place back, forgets a key, and blocks a key for the seconds asked', async () => {
    const limiter = (await store()).limiter({ name: 'pair', points: 2, durationSeconds: 86_400 });
    await limiter.take('k');
    await limiter.take('k');
    await limiter.giveBack('k');
    expect(await limiter.take('k')).toMatchObject({ allowed: true, consumed: 2 });
    expect((await limiter.take('k')).allowed).toBe(false);
    await limiter.forget('k');
    expect(await limiter.take('k')).toMatchObject({ allowed: true, consumed: 1 });
    await limiter.block('k', 15 * 60);
    const blocked = await limiter.take('k');
    expect(blocked.allowed).toBe(false);
    if (blocked.allowed) return;
    expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('lets no more simultaneous requests through than the limit', async () => {
    const limiter = (await store()).limiter({ name: 'burst', points: 5, durationSeconds: 3600 });
    const takes = await Promise.all(Array.from({ length: 20 }, () => limiter.take('198.51.100.1')));
    expect(takes.filter((take) => take.allowed)).toHaveLength(5);
    const counts = takes.flatMap((take) => (take.allowed ? [take.consumed] : [])).sort((a, b) => a - b);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
  });

  it('two replicas share the counts', async () => {
    const limit = { name: 'shared', points: 4, durationSeconds: 3600 };
    const one = (await store('one')).limiter(limit);
    const other = (await store('other')).limiter(limit);
    expect((await one.take('192.0.2.1')).allowed).toBe(true);
    expect((await other.take('192.0.2.1')).allowed).toBe(true);
    expect((await one.take('192.0.2.1')).allowed).toBe(true);
    expect(await other.take('192.0.2.1')).toMatchObject({ allowed: true, consumed: 4 });
    expect((await one.take('192.0.2.1')).allowed).toBe(false);
    await other.block('192.0.2.2', 60);
    expect((await one.take('192.0.2.2')).allowed).toBe(false);
    await one.forget('192.0.2.1');
    expect(await other.take('192.0.2.1')).toMatchObject({ allowed: true, consumed: 1 });
  });

  it('keeps the counters under the limit name, with no e-mail address in them', async () => {
    const limiter = (await store()).limiter({ name: 'lookup-email', points: 3, durationSeconds: 3600 });
    const email = 'Owner@Casa-Silva.example';
    await limiter.take(hashedKey(email));
    const keys = factory.redis
      ? await redisKeysUnder(redisUrl!, `${prefix}:lookup-email`)
      : (await lab.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toEqual([
      factory.redis
        ? `${prefix}:lookup-email:${hashedKey('owner@casa-silva.example')}`
        : `lookup-email:${hashedKey('owner@casa-silva.example')}`,
    ]);
    expect(keys.join(' ').toLowerCase()).not.toContain('casa-silva');
  });

  it('refuses a second limit of the same name in one store', async () => {
    const limits = await store();
    limits.limiter({ name: 'twice', points: 1, durationSeconds: 60 });
    expect(() => limits.limiter({ name: 'twice', points: 1, durationSeconds: 60 })).toThrow(
      'two request limits are named "twice"',
    );
  });

  it('takeOrRefuse answers 429 with Retry-After and the message once over the limit', async () => {
    const limiter = (await store()).limiter({ name: 'submission', points: 1, durationSeconds: 3600 });
    await takeOrRefuse(limiter, '203.0.113.9');
    const refusal = await takeOrRefuse(limiter, '203.0.113.9').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    const error = refusal as AppError;
    expect([error.status, error.message]).toEqual([429, RATE_LIMITED_MESSAGE]);
    expect(Number(error.headers?.['Retry-After'])).toBeGreaterThan(3590);
    await expect(takeOrRefuse(limiter, '203.0.113.9', 'Slow down.')).rejects.toThrow('Slow down.');
  });

  it('the cleanup job removes counters that expired over an hour ago, every 5 minutes of service time', async () => {
    const now = Date.now();
    await lab.db.insert(rateLimits).values([
      { key: 'test:long-gone', points: 3, expire: new Date(now - 2 * 60 * MINUTE) },
      { key: 'test:recently-expired', points: 3, expire: new Date(now - 30 * MINUTE) },
      { key: 'test:running', points: 1, expire: new Date(now + 30 * MINUTE) },
    ]);
    const clock = new SettableClock();
    const runner = new JobRunner({
      db: lab.db,
      jobsTable: jobs,
      jobs: [rateLimitCleanupJob({ db: lab.db, table: rateLimits })],
      clock,
    });
    const keys = async () => (await lab.db.select().from(rateLimits)).map((row) => row.key).sort();
    try {
      expect(await runner.runDue()).toEqual([
        { name: RATE_LIMIT_CLEANUP_JOB, ran: false, reason: 'not-due' },
      ]);
      expect(await keys()).toContain('test:long-gone');
      clock.advance(5 * MINUTE);
      expect(await runner.runDue()).toEqual([
        { name: RATE_LIMIT_CLEANUP_JOB, ran: true, ok: true, result: 1 },
      ]);
      expect(await keys()).toEqual(['test:recently-expired', 'test:running']);
    } finally {
      await runner.stop();
    }
  });
});

describe.each(databases)('Redis that does not answer, over $name', (factory) => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await sharedLab(factory);
  });
  beforeEach(() => emptyTables(lab));

  it('the database counts meanwhile, so the limit still holds and replicas still share it', async () => {
    const { logger, logs } = captureLogs();
    const open = (db: Database) =>
      openRateLimitStore({
        db,
        table: rateLimits,
        redisUrl: 'redis://127.0.0.1:1',
        redisKeyPrefix: 'unreachable',
        logger,
      });
    const [one, other] = [await open(lab.db), await open(lab.other)];
    try {
      expect(one.kind).toBe('redis');
      const limit = { name: 'fallback', points: 2, durationSeconds: 3600 };
      const [a, b] = [one.limiter(limit), other.limiter(limit)];
      expect((await a.take('192.0.2.50')).allowed).toBe(true);
      expect((await b.take('192.0.2.50')).allowed).toBe(true);
      expect((await a.take('192.0.2.50')).allowed).toBe(false);
      expect(await lab.db.select().from(rateLimits)).toEqual([
        expect.objectContaining({ key: 'fallback:192.0.2.50', points: 3 }),
      ]);
      expect(logs.some((line) => String(line.msg).startsWith('Redis unavailable'))).toBe(true);
    } finally {
      await one.close();
      await other.close();
    }
  });
});

describe('keys of clients and people', () => {
  it('counts an IPv4 client by its address, also written IPv4-mapped', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(clientAddressKey('2001:db8:1:2:aa:bb:cc:dd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
  });

  it('uses anything that is not an address as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });

  it('hashes an e-mail address whatever its case and surrounding spaces', () => {
    expect(hashedKey(' Ana@Example.com ')).toBe(hashedKey('ana@example.com'));
    expect(hashedKey('ana@example.com')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashedKey('ana@example.com')).not.toBe(hashedKey('bob@example.com'));
  });

  it('a service without a rate_limits table is told how to declare one', () => {
    expect(() =>
      rateLimitsNotDeclared('course').limiter({ name: 'x', points: 1, durationSeconds: 1 }),
    ).toThrow(/course asked for the request limit "x" without a rate_limits table/);
  });
});
