/**
 * Request limits per client address on step 1, the e-mail lookup and the contact form: past the limit a
 * 429 with Retry-After and nothing stored; another address is not affected; step 1 sent again under its id
 * uses none of the limit. Runs with the limits in the service's database and, when a Redis answers, in
 * Redis; replicas share them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MINUTE, SettableClock } from '@platform/service-kit/clock';
import { RATE_LIMIT_CLEANUP_JOB, RATE_LIMITED_MESSAGE } from '@platform/service-kit/rate-limits';
import { rateLimitBackings, type RateLimitBacking } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { stepOne } from '../../__tests__/fixtures.js';
import {
  backings,
  json,
  startConsultation,
  type Backing,
  type ConsultationUnderTest,
} from '../../__tests__/harness.js';
import { rateLimits, submissions } from '../../db/schema.js';

const LIMITS = {
  CONSULTATION_SUBMISSIONS_PER_HOUR: '2',
  CONSULTATION_LOOKUPS_PER_HOUR: '2',
  CONTACT_MESSAGES_PER_HOUR: '2',
};

const limitStores = await rateLimitBackings('consultation');
const setups = backings().flatMap((backing) =>
  limitStores.map((limits) => ({ name: `${backing.name}, limits in ${limits.name}`, backing, limits })),
);

/** The gateway forwards the browser's address in X-Forwarded-For. */
const from = (address: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': address },
});

const contactMessage = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@casa-silva.com',
  subject: 'other',
  message: 'Just checking that you got my earlier note.',
};

describe.each(setups)('request limits on $name', (setup) => {
  let backing: Backing;
  let limits: RateLimitBacking;
  let app: ConsultationUnderTest;
  const clock = new SettableClock();

  beforeAll(async () => {
    backing = await setup.backing.create();
    limits = setup.limits.create();
    app = await startConsultation(backing, { clock, env: { ...limits.env, ...LIMITS } });
  });

  afterAll(async () => {
    await app?.stop();
    await backing?.cleanup();
    await limits?.cleanup();
  });

  it('limits consultation requests per client address', async () => {
    const send = (address: string) => app.request('/api/consultation', from(address, json(stepOne())));
    expect((await send('203.0.113.7')).status).toBe(200);
    expect((await send('203.0.113.7')).status).toBe(200);
    const refused = await send('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: RATE_LIMITED_MESSAGE });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await app.service.deps.db.select().from(submissions)).toHaveLength(2);
    expect((await send('203.0.113.8')).status).toBe(200);
  });

  it('counts step 1 sent again under its id not at all, and answers it past the limit', async () => {
    const send = (body: unknown) => app.request('/api/consultation', from('192.0.2.55', json(body)));
    const sent = stepOne({ requestId: randomUUID() });
    // Two at once (within the limit, which each may take before either is stored): one request, and the
    // one found only on inserting gives its use back.
    const atOnce = await Promise.all([send(sent), send(sent)]);
    const ids = await Promise.all(
      atOnce.map(async (answer) => {
        expect(answer.status).toBe(200);
        return ((await answer.json()) as { submissionId: string }).submissionId;
      }),
    );
    expect(new Set(ids).size).toBe(1);
    expect((await send(sent)).status).toBe(200);
    // One use left of the two: another request, then the limit.
    expect((await send(stepOne())).status).toBe(200);
    expect((await send(stepOne())).status).toBe(429);
    expect((await send(sent)).status).toBe(200);
    const rows = await app.service.deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.email, sent.email));
    expect(rows.map((row) => row.id)).toEqual([ids[0]]);
  });

  it('limits e-mail lookups per client address', async () => {
    const ask = () => app.request('/api/consultations-by-email?email=a%40b-bistro.com', from('198.51.100.4'));
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });

  it('limits contact messages per client address', async () => {
    const send = () => app.request('/api/contact', from('192.0.2.9', json(contactMessage)));
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    expect(await app.events('contact.message.received')).toHaveLength(2);
  });

  it('counts an IPv6 client by its /64, so a new address per message does not dodge the limit', async () => {
    const send = (address: string) => app.request('/api/contact', from(address, json(contactMessage)));
    expect((await send('2001:db8:77:1::a')).status).toBe(200);
    expect((await send('2001:db8:77:1::b')).status).toBe(200);
    expect((await send('2001:db8:77:1:ffff::c')).status).toBe(429);
    expect((await send('2001:db8:77:2::a')).status).toBe(200);
  });

  it("the kit's cleanup job removes counters that expired over an hour ago, every 5 minutes of service time", async () => {
    const { deps, jobs } = app.service;
    // The counters expire by the real clock (the limiter's own); the schedule follows the service clock.
    const now = Date.now();
    await deps.db.insert(rateLimits).values([
      { key: 'test:long-gone', points: 3, expire: new Date(now - 2 * 60 * MINUTE) },
      { key: 'test:recently-expired', points: 3, expire: new Date(now - 30 * MINUTE) },
      { key: 'test:running', points: 1, expire: new Date(now + 30 * MINUTE) },
    ]);
    // The service clock has not moved since the service started: the job is not due yet.
    expect(await jobs.runDue()).toContainEqual({
      name: RATE_LIMIT_CLEANUP_JOB,
      ran: false,
      reason: 'not-due',
    });
    expect((await deps.db.select().from(rateLimits)).map((row) => row.key)).toContain('test:long-gone');

    // Five minutes on, it runs (by itself, or here: whichever comes first, it runs once).
    clock.advance(5 * MINUTE);
    await jobs.runDue();
    const keys = (await deps.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain('test:long-gone');
    expect(keys).toEqual(expect.arrayContaining(['test:recently-expired', 'test:running']));
  });
});

/** Two replicas on one PostgreSQL database count together (without Redis: in that database). */
const sharedDatabases = backings().filter((backing) => backing.name.startsWith('PostgreSQL'));

// Without POSTGRES_URL (a newcomer's `npm test`) there is no shared server database to test here.
const describeShared =
  sharedDatabases.length > 0 ? describe.each(sharedDatabases) : describe.skip.each(backings());

describeShared('two consultation replicas sharing one database on $name', (factory) => {
  let backing: Backing;
  let replicas: ConsultationUnderTest[];

  beforeAll(async () => {
    backing = await factory.create();
    replicas = [
      await startConsultation(backing, { env: LIMITS }),
      await startConsultation(backing, { env: LIMITS }),
    ];
  });

  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.stop();
    await backing?.cleanup();
  });

  it('a client limited on one replica is limited on the other', async () => {
    const [a, b] = replicas as [ConsultationUnderTest, ConsultationUnderTest];
    const send = (replica: ConsultationUnderTest) =>
      replica.request('/api/contact', from('192.0.2.77', json(contactMessage)));
    expect((await send(a)).status).toBe(200);
    expect((await send(b)).status).toBe(200);
    expect((await send(a)).status).toBe(429);
    expect((await send(b)).status).toBe(429);
  });
});
