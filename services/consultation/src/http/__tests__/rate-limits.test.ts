/**
 * Request limits per client address on step 1, the e-mail lookup and the contact form: past the limit a
 * 429 with Retry-After and nothing stored; another address is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stepOne } from '../../__tests__/fixtures.js';
import {
  backings,
  json,
  startConsultation,
  type Backing,
  type ConsultationUnderTest,
} from '../../__tests__/harness.js';
import { rateLimits, submissions } from '../../db/schema.js';
import { MINUTE, SettableClock } from '@platform/service-kit';
import { RATE_LIMITED_MESSAGE, RATE_LIMIT_CLEANUP_JOB } from '../rate-limits.js';

describe.each(backings())('request limits on $name', (factory) => {
  let backing: Backing;
  let app: ConsultationUnderTest;
  // Starts at the real time: the limiter's own counters expire by the real clock.
  const clock = new SettableClock();

  beforeAll(async () => {
    backing = await factory.create();
    app = await startConsultation(backing, {
      clock,
      env: {
        CONSULTATION_SUBMISSIONS_PER_HOUR: '2',
        CONSULTATION_LOOKUPS_PER_HOUR: '2',
        CONTACT_MESSAGES_PER_HOUR: '2',
      },
    });
  });

  afterAll(async () => {
    await app?.stop();
    await backing?.cleanup();
  });

  /** The gateway forwards the browser's address in X-Forwarded-For. */
  const from = (address: string, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': address },
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

  it('limits e-mail lookups per client address', async () => {
    const ask = () => app.request('/api/consultations-by-email?email=a%40b-bistro.com', from('198.51.100.4'));
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });

  it('limits contact messages per client address', async () => {
    const body = {
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@casa-silva.com',
      subject: 'other',
      message: 'Just checking that you got my earlier note.',
    };
    const send = () => app.request('/api/contact', from('192.0.2.9', json(body)));
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    expect(await app.events('contact.message.received')).toHaveLength(2);
  });

  it('removes counters that expired over an hour ago and keeps the rest, every 5 minutes', async () => {
    const { deps, jobs } = app.service;
    const now = deps.clock.now().getTime();
    await deps.db.insert(rateLimits).values([
      { key: 'test:long-gone', points: 3, expire: new Date(now - 2 * 60 * 60_000) },
      { key: 'test:recently-expired', points: 3, expire: new Date(now - 30 * 60_000) },
      { key: 'test:running', points: 1, expire: new Date(now + 30 * 60_000) },
    ]);
    // The service clock has not moved since the service started: the job is not due yet.
    expect(await jobs.runDue()).toEqual([{ name: RATE_LIMIT_CLEANUP_JOB, ran: false, reason: 'not-due' }]);
    expect(await deps.db.select().from(rateLimits)).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'test:long-gone' })]),
    );

    // Five minutes on, it runs (by itself, or here: whichever comes first, it runs once).
    clock.advance(5 * MINUTE);
    await jobs.runDue();
    const keys = (await deps.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain('test:long-gone');
    expect(keys).toEqual(expect.arrayContaining(['test:recently-expired', 'test:running']));
  });
});
