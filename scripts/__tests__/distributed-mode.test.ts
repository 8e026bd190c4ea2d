/**
 * The distributed mode as separate processes: six services and the gateway, each configured only by
 * environment variables, against PostgreSQL, NATS JetStream and an S3-compatible server; an account's
 * deletion reaches the other services over NATS (the order kept, anonymised). Needs
 * POSTGRES_URL and NATS_URL (set on the build machines and in CI).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EnrollmentListSchema, GrantCourseAccessResponseSchema, MailListSchema } from '@platform/contracts';
import { signInternalToken } from '@platform/service-kit/identity';
import { ERASED_NAME, erasedEmail } from '@platform/service-kit/personal-data';
import { waitFor } from '@platform/service-kit/testing';
import pg from 'pg';
import {
  buyCourseSignedIn,
  callSite,
  createCheckoutSession,
  signUpToSite,
  spoofedIdentityHeaders,
  statusOf,
} from './helpers.js';
import { SERVICES, startTestSystem, type DistributedSystem } from './test-system.js';

const postgresUrl = process.env.POSTGRES_URL;
const natsUrl = process.env.NATS_URL;
const SUPPORT = { email: 'support@dist.example', password: 'Support-Desk!2030' };

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('condition not met in time');
}

(postgresUrl && natsUrl ? describe : describe.skip)('distributed mode (one process per service)', () => {
  let system: DistributedSystem;
  let secret: string;
  let databaseUrl: string;
  let stopSystem: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const started = await startTestSystem({
      postgresUrl: postgresUrl!,
      natsUrl: natsUrl!,
      tag: 'T',
      admin: SUPPORT,
    });
    ({ system, secret, databaseUrl } = started);
    stopSystem = started.stop;
  }, 120_000);

  afterAll(async () => {
    await stopSystem?.();
  }, 60_000);

  it('reports all six services ready through the gateway', async () => {
    const response = await fetch(`${system.url}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { services: Record<string, string> };
    expect(body.services).toEqual(Object.fromEntries(SERVICES.map((s) => [s, 'ready'])));
  });

  it('each service checks its database, the bus and (course, consultation, revenue) the object store', async () => {
    for (const service of SERVICES) {
      const response = await fetch(`http://127.0.0.1:${system.servicePorts[service]}/readyz`);
      const body = (await response.json()) as { checks: Record<string, { status: string }> };
      expect(response.status).toBe(200);
      const expected =
        service === 'course' || service === 'consultation' || service === 'revenue'
          ? ['bus', 'database', 'storage']
          : ['bus', 'database'];
      expect(Object.keys(body.checks).sort()).toEqual(expected);
    }
  });

  it('answers an unknown /api path with a JSON 404 and /api/auth/user with 401 despite spoofed headers', async () => {
    const missing = await fetch(`${system.url}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: expect.any(String) });
    const user = await fetch(`${system.url}/api/auth/user`, { headers: spoofedIdentityHeaders });
    expect(user.status).toBe(401);
  });

  it('answers the free previews from the course, cacheable by a CDN: public, validators, ranges', async () => {
    const address = `${system.url}/api/demo-video/free-preview-1.mp4`;
    const whole = await fetch(address);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(whole.headers.get('last-modified')).toEqual(expect.any(String));
    const bytes = Buffer.from(await whole.arrayBuffer());
    const part = await fetch(address, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    expect(await statusOf(address, { 'If-None-Match': etag })).toBe(304);
    expect((await fetch(`${system.url}/api/demo-video/member-lesson.mp4`)).status).toBe(404);
  });

  it('services refuse callers without a valid gateway token', async () => {
    const direct = `http://127.0.0.1:${system.servicePorts.auth}/internal/session`;
    expect((await fetch(direct)).status).toBe(401);
    const forged = await signInternalToken({ kind: 'anonymous' }, 'a-secret-that-is-not-the-real-one-at-all');
    expect((await fetch(direct, { headers: { 'x-internal-token': forged } })).status).toBe(401);
    const genuine = await signInternalToken({ kind: 'anonymous' }, secret);
    const accepted = await fetch(direct, { headers: { 'x-internal-token': genuine } });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ caller: { kind: 'anonymous' } });
    // A genuine token naming nobody the auth database knows is still just unauthorized.
    const stranger = await signInternalToken(
      { kind: 'user', userId: '7', email: 'owner@example.com', role: 'admin' },
      secret,
    );
    const user = await fetch(`http://127.0.0.1:${system.servicePorts.auth}/api/auth/user`, {
      headers: { 'x-internal-token': stranger },
    });
    expect(user.status).toBe(401);
    expect(await user.json()).toEqual({ message: 'Unauthorized' });
  });

  it('a crashed service gives 502 and a not-ready gateway, and is back once restarted', async () => {
    await system.stopService('course', 'SIGKILL');
    const down = await fetch(`${system.url}/api/courses`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ message: expect.any(String) });
    const readiness = await fetch(`${system.url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(((await readiness.json()) as { services: Record<string, string> }).services.course).not.toBe(
      'ready',
    );

    system.startService('course');
    await waitUntil(async () => (await fetch(`${system.url}/readyz`)).status === 200, 60_000);
  }, 90_000);

  it('a guest purchase made while course and notification are down enrols and e-mails once they are back', async () => {
    const json = { 'content-type': 'application/json' };
    const post = (path: string, body: unknown, cookie?: string) =>
      fetch(`${system.url}${path}`, {
        method: 'POST',
        headers: cookie ? { ...json, cookie } : json,
        body: JSON.stringify(body),
        redirect: 'manual',
      });
    const logIn = async (email: string, password: string) => {
      const response = await post('/api/auth/login', { email, password });
      expect(response.status).toBe(200);
      return response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
    };
    const email = `guest.${Date.now()}@dist.example`;
    // Waits until the payment service has the catalogue the course service published at its start.
    const { sessionId, url } = await createCheckoutSession(system.url, {
      email,
      firstName: 'Gina',
      lastName: 'Guest',
    });

    await system.stopService('course', 'SIGTERM');
    await system.stopService('notification', 'SIGTERM');

    // The buyer pays on the test provider's page; its signed webhook fulfils the order.
    const paid = await fetch(new URL(`${url}/pay`, system.url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(encodeURIComponent(sessionId));
    const grant = GrantCourseAccessResponseSchema.parse(
      await (await post('/api/grant-course-access', { session_id: sessionId })).json(),
    );
    expect(grant).toMatchObject({ success: true, status: 'fulfilled' });
    // Auth was up: the account exists, without a password yet.
    expect((await post('/api/auth/login', { email, password: 'Anything-1!' })).status).toBe(401);

    system.startService('course');
    system.startService('notification');
    await waitUntil(async () => (await fetch(`${system.url}/readyz`)).status === 200, 60_000);

    // The e-mails were sent by the notification service that came back (support reads them).
    const support = await logIn(SUPPORT.email, SUPPORT.password);
    let setupLink: string | undefined;
    await waitUntil(async () => {
      const mail = MailListSchema.parse(
        await (await fetch(`${system.url}/api/admin/mail`, { headers: { cookie: support } })).json(),
      ).messages.filter((message) => message.to === email);
      setupLink = mail
        .map((message) => /\/setup-password\?token=([\w-]+)/.exec(message.text)?.[1])
        .find(Boolean);
      return Boolean(setupLink) && mail.some((message) => message.template === 'receipt');
    }, 60_000);

    const password = 'Tables35+Full!';
    const setup = await post('/api/auth/setup-password', {
      token: setupLink,
      password,
      confirmPassword: password,
    });
    expect(setup.status).toBe(200);
    const buyer = await logIn(email, password);
    // The course service that came back enrolled the buyer.
    let enrolments: ReturnType<typeof EnrollmentListSchema.parse> = [];
    await waitUntil(async () => {
      const response = await fetch(`${system.url}/api/enrollments`, { headers: { cookie: buyer } });
      enrolments = EnrollmentListSchema.parse(await response.json());
      return enrolments.length > 0;
    }, 30_000);
    expect(enrolments).toHaveLength(1);
  }, 240_000);

  it('deleting an account removes the auth user and anonymises its order in the payment service', async () => {
    const person = {
      email: `erase.${Date.now()}@dist.example`,
      firstName: 'Ida',
      lastName: 'Erasmus',
      password: 'Erase+Me!Please2030',
    };
    const { cookie, userId } = await signUpToSite(system.url, person);
    await buyCourseSignedIn(system.url, person, cookie);

    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      const orderColumns =
        'select id, customer_email, customer_first_name, customer_last_name, billing_info, account_email from payment.orders';
      const { rows: placed } = await database.query(`${orderColumns} where customer_email = $1`, [
        person.email,
      ]);
      expect(placed).toHaveLength(1);
      expect(placed[0]).toMatchObject({ customer_first_name: 'Ida', billing_info: expect.any(Object) });

      const deleted = await callSite(system.url, '/api/account', {
        method: 'DELETE',
        cookie,
        json: { password: person.password },
      });
      expect(deleted.status).toBe(202);
      // Auth removed the account in the request; payment anonymises the order from the event over NATS.
      const users = await database.query('select id from auth.users where id = $1 or email = $2', [
        userId,
        person.email,
      ]);
      expect(users.rows).toEqual([]);
      const [order] = await waitFor(
        async () => (await database.query(`${orderColumns} where id = $1`, [placed[0].id])).rows,
        (rows) => rows[0]?.customer_email !== person.email,
        'the order anonymised',
        30_000,
      );
      const erased = erasedEmail({ userId, email: person.email });
      expect(order).toEqual({
        id: placed[0].id,
        customer_email: erased,
        customer_first_name: ERASED_NAME,
        customer_last_name: ERASED_NAME,
        billing_info: null,
        account_email: placed[0].account_email === null ? null : erased,
      });
      expect(
        (await database.query(`${orderColumns} where customer_email = $1`, [person.email])).rows,
      ).toEqual([]);
    } finally {
      await database.end();
    }
    const signIn = await callSite(system.url, '/api/auth/login', {
      method: 'POST',
      json: { email: person.email, password: person.password },
    });
    expect(signIn.status).toBe(401);
  }, 120_000);

  it('each process stops cleanly on SIGTERM', async () => {
    await system.stopService('revenue', 'SIGTERM');
    const [code] = await system.processes.revenue!.exited;
    expect(code).toBe(0);
    system.startService('revenue');
    await waitUntil(async () => (await fetch(`${system.url}/readyz`)).status === 200, 60_000);
  }, 90_000);
});
