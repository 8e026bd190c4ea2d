/**
 * The key choreography (docs/architecture.md#the-key-choreography-guest-checkout-to-course-access) with the
 * real auth, course and notification services on one in-process bus, as the embedded mode runs them: a
 * guest's `payment.order.paid` becomes an account with a set-password e-mail, a receipt and an enrolment,
 * even though the course service was down when the payment came; the e-mailed link sets a password; a refund
 * withdraws membership and enrolment.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AuthUserSchema,
  EnrollmentListSchema,
  MailListSchema,
  SessionLookupSchema,
  type Caller,
  type EventData,
  type EventEnvelope,
} from '@platform/contracts';
import { authService, TEST_PASSWORD_HASH_ENV, type AuthConfig } from '@platform/auth';
import { courseService, type CourseConfig } from '@platform/course';
import { notificationService, type NotificationConfig } from '@platform/notification';
import { InProcessBus } from '@platform/service-kit/events';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { startService, type RunningService } from '@platform/service-kit/runtime';
import { waitFor } from '@platform/service-kit/testing';
import { pino } from 'pino';

const SECRET = randomBytes(32).toString('hex');
const ADMIN: Caller = { kind: 'user', userId: 'support', email: 'support@example.com', role: 'admin' };
const PASSWORD = 'Fresh-Start!2030';

let dataDir: string;
let bus: InProcessBus;
let auth: RunningService<AuthConfig>;
let course: RunningService<CourseConfig> | undefined;
let notification: RunningService<NotificationConfig>;

const env = () => ({
  DATA_DIR: dataDir,
  INTERNAL_TOKEN_SECRET: SECRET,
  NODE_ENV: 'test',
  ADMIN_EMAIL: 'support@example.com',
  ADMIN_PASSWORD: 'Support-Admin!2030',
  ...TEST_PASSWORD_HASH_ENV,
});
const options = () => ({ env: env(), bus, port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }) });
const startCourse = () => startService(courseService, options());

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'purchase-choreography-'));
  bus = new InProcessBus();
  auth = await startService(authService, options());
  course = await startCourse();
  notification = await startService(notificationService, options());
});

afterAll(async () => {
  await course?.stop();
  await notification?.stop();
  await auth?.stop();
  await bus?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(service: RunningService, pathname: string, caller: Caller, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set(INTERNAL_TOKEN_HEADER, await signInternalToken(caller, SECRET));
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${service.url}${pathname}`, { ...init, headers });
}

/** What the gateway does with a browser's cookie: resolve it through auth, then call as that user. */
async function currentUser(cookie: string) {
  const lookup = await call(auth, '/internal/session', { kind: 'anonymous' }, { headers: { cookie } });
  const { caller } = SessionLookupSchema.parse(await lookup.json());
  const response = await call(auth, '/api/auth/user', caller);
  return AuthUserSchema.parse(await response.json());
}

async function mailTo(address: string) {
  const response = await call(notification, '/api/admin/mail?limit=200', ADMIN);
  return MailListSchema.parse(await response.json()).messages.filter(
    (mail) => mail.to.toLowerCase() === address,
  );
}

function event<T extends 'payment.order.paid' | 'payment.order.refunded'>(
  type: T,
  data: EventData<T>,
): EventEnvelope<EventData<T>> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data };
}

describe('a guest buys the course', () => {
  const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
  const orderId = randomUUID();
  let courseId: number;
  let member: Caller;

  it('gets an account, a receipt and a set-password e-mail while the course service is down', async () => {
    const products = (await (await call(course!, '/api/products', { kind: 'anonymous' })).json()) as {
      products: Array<{ id: string; name: string; price: number; includes: { courseId: number } | null }>;
    };
    const product = products.products.find((candidate) => candidate.includes)!;
    courseId = product.includes!.courseId;

    await course!.stop();
    course = undefined;

    await bus.publish(
      event('payment.order.paid', {
        orderId,
        provider: 'test',
        email: email.toUpperCase(),
        firstName: 'Rosa',
        lastName: 'Díaz',
        total: product.price,
        currency: 'USD',
        lines: [{ productId: product.id, name: product.name, unitPrice: product.price, quantity: 1 }],
        courseIds: [courseId],
        paidAt: new Date().toISOString(),
      }),
    );

    const mails = await waitFor(
      () => mailTo(email),
      (list) => list.length === 2,
      'the receipt and the link',
    );
    expect(mails.map((mail) => mail.template).sort()).toEqual(['purchase-set-password', 'receipt']);
    const receipt = mails.find((mail) => mail.template === 'receipt')!;
    expect(receipt.text).toContain(`Order number: ${orderId}`);
    expect(receipt.text).toContain('30-day money-back guarantee');

    const setPassword = mails.find((mail) => mail.template === 'purchase-set-password')!;
    expect(setPassword.text).toContain('This link expires in 7 days');
    const token = /\/setup-password\?token=([A-Za-z0-9_-]+)/.exec(setPassword.text)?.[1];
    expect(token).toBeDefined();

    // No password yet: signing in fails; the e-mailed link sets one; then it works.
    const login = () =>
      call(
        auth,
        '/api/auth/login',
        { kind: 'anonymous' },
        {
          method: 'POST',
          body: JSON.stringify({ email, password: PASSWORD }),
        },
      );
    expect((await login()).status).toBe(401);
    const set = await call(
      auth,
      '/api/auth/setup-password',
      { kind: 'anonymous' },
      {
        method: 'POST',
        body: JSON.stringify({ token, password: PASSWORD, confirmPassword: PASSWORD }),
      },
    );
    expect(set.status).toBe(200);
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const user = await currentUser(cookie);
    expect(user).toMatchObject({ email, isMember: true, isPaidMember: true, subscriptionStatus: 'active' });
    member = { kind: 'user', userId: user.id, email, role: 'user' };
  });

  it('is enrolled once the course service is back', async () => {
    course = await startCourse();
    const list = await waitFor(
      async () => EnrollmentListSchema.parse(await (await call(course!, '/api/enrollments', member)).json()),
      (enrolments) => enrolments.length > 0,
      'the enrolment',
    );
    expect(list).toMatchObject([{ courseId }]);
  });

  it('loses membership and enrolment, and is told so, when the order is refunded', async () => {
    await bus.publish(
      event('payment.order.refunded', {
        orderId,
        email,
        firstName: 'Rosa',
        amount: 69_700,
        currency: 'USD',
        courseIds: [courseId],
        refundedAt: new Date().toISOString(),
      }),
    );
    await waitFor(
      async () => EnrollmentListSchema.parse(await (await call(course!, '/api/enrollments', member)).json()),
      (enrolments) => enrolments.length === 0,
      'the enrolment to be withdrawn',
    );
    const mails = await waitFor(
      () => mailTo(email),
      (list) => list.some((m) => m.template === 'refund'),
      'refund',
    );
    expect(mails.find((mail) => mail.template === 'refund')!.subject).toBe(
      'Your refund of $697.00 is on its way',
    );
    const login = await call(
      auth,
      '/api/auth/login',
      { kind: 'anonymous' },
      {
        method: 'POST',
        body: JSON.stringify({ email, password: PASSWORD }),
      },
    );
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = await currentUser(cookie);
    expect(me).toMatchObject({ isMember: false, isPaidMember: false, subscriptionStatus: 'inactive' });
  });
});
