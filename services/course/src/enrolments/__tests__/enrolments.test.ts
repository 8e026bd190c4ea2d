/**
 * Enrolments from membership events through the real bus, read back through `GET /api/enrollments` as
 * the gateway calls it: a grant enrols once however often it arrives, a refund withdraws what its order
 * gave unless another order still gives the course, and a signed-out caller gets 401.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EnrollmentListSchema, type Caller, type EventData, type EventEnvelope } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { InProcessBus, JetStreamBus, type EventBus } from '@platform/service-kit/events';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { startService, type RunningService } from '@platform/service-kit/runtime';
import {
  deleteTestStreams,
  envelope,
  natsUrlFromEnv,
  uniqueStreamNames,
  waitFor,
} from '@platform/service-kit/testing';
import { asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { backings, SECRET, type Backing } from '../../__tests__/harness.js';
import { courseEnrollments, courses, inboxEvents } from '../../db/schema.js';
import { courseService, type CourseConfig } from '../../index.js';
import { granted, revoked, user } from '../../learning/__tests__/fixtures.js';

const START = new Date('2030-03-01T10:00:00.000Z');

interface BusSetup {
  name: string;
  open(): Promise<{
    /** What the test publishes on (auth's side of the stream). */
    publisher: EventBus;
    /** How the service gets the same bus. */
    service: { bus: EventBus; env: Record<string, string> } | { bus: undefined; env: Record<string, string> };
    cleanup(): Promise<void>;
  }>;
}

const inProcess: BusSetup = {
  name: 'the in-process bus',
  open: async () => {
    // No duplicate window: a second delivery of one event reaches the service, as after a restart.
    const bus = new InProcessBus({ duplicateWindowMs: 0 });
    return { publisher: bus, service: { bus, env: {} }, cleanup: () => bus.close() };
  },
};

const jetStream = (servers: string): BusSetup => ({
  name: 'NATS JetStream',
  open: async () => {
    const names = uniqueStreamNames('COURSE');
    const publisher = await JetStreamBus.connect({
      servers,
      stream: names.stream,
      subjectPrefix: names.subjectPrefix,
      name: 'auth-under-test',
    });
    return {
      publisher,
      service: {
        bus: undefined,
        env: { NATS_URL: servers, NATS_STREAM: names.stream, NATS_SUBJECT_PREFIX: names.subjectPrefix },
      },
      cleanup: async () => {
        await publisher.close();
        await deleteTestStreams(servers, names);
      },
    };
  },
});

const natsUrl = natsUrlFromEnv();
const cases = backings().flatMap((backing) =>
  (natsUrl ? [inProcess, jetStream(natsUrl)] : [inProcess]).map((bus) => ({
    name: `${bus.name} and ${backing.name}`,
    backing,
    bus,
  })),
);

/** When the refunds in these cases are made. */
const REFUNDED_AT = new Date(START.getTime() + 2 * DAY);

function planEvent<T extends 'payment.plan.paused' | 'payment.plan.resumed'>(
  type: T,
  grant: EventEnvelope<EventData<'auth.member.granted'>>,
  at: Date,
): EventEnvelope<EventData<T>> {
  const ref = {
    orderId: grant.data.orderId,
    userId: grant.data.userId,
    email: grant.data.email,
    firstName: 'Ana',
    courseIds: grant.data.courseIds,
  };
  const data =
    type === 'payment.plan.paused'
      ? { ...ref, pausedAt: at.toISOString() }
      : { ...ref, resumedAt: at.toISOString() };
  return envelope(type, data as EventData<T>, { occurredAt: at });
}

describe.each(cases)('enrolments through $name', ({ backing: factory, bus: busSetup }) => {
  let backing: Backing;
  let setup: Awaited<ReturnType<BusSetup['open']>>;
  let service: RunningService<CourseConfig>;
  let courseId: number;

  beforeAll(async () => {
    backing = await factory.create();
    setup = await busSetup.open();
    service = await startService(courseService, {
      env: { ...backing.env, ...setup.service.env, INTERNAL_TOKEN_SECRET: SECRET, NODE_ENV: 'test' },
      bus: setup.service.bus,
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
    });
    const [course] = await service.deps.db.select().from(courses).orderBy(asc(courses.id)).limit(1);
    courseId = course!.id;
  });

  afterAll(async () => {
    await service?.stop();
    await setup?.cleanup();
    await backing?.cleanup();
  });

  const get = async (caller: Caller) =>
    fetch(`${service.url}/api/enrollments`, {
      headers: { [INTERNAL_TOKEN_HEADER]: await signInternalToken(caller, SECRET) },
    });

  async function enrolmentsOf(caller: Caller) {
    const response = await get(caller);
    expect(response.status).toBe(200);
    return EnrollmentListSchema.parse(await response.json());
  }

  /** Publishes as auth's relay would, and waits until the course service applied it. */
  async function deliver(event: EventEnvelope) {
    await setup.publisher.publish(event);
    await waitFor(
      () => service.deps.db.select().from(inboxEvents).where(eq(inboxEvents.eventId, event.id)),
      (rows) => rows.length > 0,
      `event ${event.id} to be applied`,
    );
  }

  const rowsOf = (userId: string) =>
    service.deps.db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, userId));

  it('answers 401 to a signed-out caller and an empty list to a member without enrolments', async () => {
    const response = await get({ kind: 'anonymous' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    const bare = await fetch(`${service.url}/api/enrollments`);
    expect(bare.status).toBe(401);
    expect(await enrolmentsOf(user())).toEqual([]);
  });

  it('enrols a member once when the grant is delivered twice, and lists it only to that member', async () => {
    const buyer = user();
    const grant = granted(buyer, [courseId], START);
    await deliver(grant);
    await deliver(grant); // redelivered: the inbox drops it
    await deliver({ ...grant, id: randomUUID() }); // emitted again: the order's grant is known

    const list = await enrolmentsOf(buyer);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        courseId,
        enrolledAt: START.toISOString(),
        completedAt: null,
        expiresAt: null,
        purchasedAt: START.toISOString(),
      },
    ]);
    expect(await rowsOf(buyer.userId)).toMatchObject([{ orderId: grant.data.orderId, withdrawnAt: null }]);
    expect(await enrolmentsOf(user())).toEqual([]);
  });

  it('keeps the enrolment while another order gives the course, and withdraws it with the last refund', async () => {
    const buyer = user();
    const first = granted(buyer, [courseId], START);
    const later = new Date(START.getTime() + DAY).toISOString();
    const second = granted(buyer, [courseId], START, { grantedAt: later });
    await deliver(first);
    await deliver(second);
    const [enrolment] = await enrolmentsOf(buyer);
    expect(enrolment!.enrolledAt).toBe(START.toISOString()); // the standing enrolment keeps its date

    await deliver(revoked(first, REFUNDED_AT, { membershipEnded: false }));
    expect(await enrolmentsOf(buyer)).toEqual([enrolment]);

    const last = revoked(second, REFUNDED_AT);
    await deliver(last);
    expect(await enrolmentsOf(buyer)).toEqual([]);
    expect(await rowsOf(buyer.userId)).toMatchObject([{ withdrawnAt: new Date(last.data.revokedAt) }]);

    // Bought again: the same enrolment opens again, dated from the new purchase.
    const againAt = new Date(START.getTime() + 5 * DAY).toISOString();
    await deliver(granted(buyer, [courseId], START, { grantedAt: againAt }));
    expect(await enrolmentsOf(buyer)).toEqual([{ ...enrolment, enrolledAt: againAt, purchasedAt: againAt }]);
  });

  it('pauses the courses of a payment plan and opens them again with their dates when it is paid', async () => {
    const buyer = user();
    const grant = granted(buyer, [courseId], START);
    await deliver(grant);
    const [enrolment] = await enrolmentsOf(buyer);

    const paused = planEvent('payment.plan.paused', grant, new Date(START.getTime() + 38 * DAY));
    await deliver(paused);
    await deliver({ ...paused, id: randomUUID() }); // emitted again: nothing more to pause
    expect(await enrolmentsOf(buyer)).toEqual([]);
    expect(await rowsOf(buyer.userId)).toMatchObject([{ pausedByOrderId: grant.data.orderId }]);

    await deliver(planEvent('payment.plan.resumed', grant, new Date(START.getTime() + 40 * DAY)));
    // The same enrolment, dated from the purchase: the sections released meanwhile are open.
    expect(await enrolmentsOf(buyer)).toEqual([enrolment]);
    expect(await rowsOf(buyer.userId)).toMatchObject([{ withdrawnAt: null, pausedByOrderId: null }]);
  });

  it('keeps a plan open when its resumption arrives before its pause, and pauses it again later', async () => {
    const buyer = user();
    const grant = granted(buyer, [courseId], START);
    await deliver(grant);
    const [enrolment] = await enrolmentsOf(buyer);

    // The pause's first delivery failed and came back after the resumption: it changes nothing.
    const pausedAt = new Date(START.getTime() + 38 * DAY);
    await deliver(planEvent('payment.plan.resumed', grant, new Date(START.getTime() + 40 * DAY)));
    await deliver(planEvent('payment.plan.paused', grant, pausedAt));
    expect(await enrolmentsOf(buyer)).toEqual([enrolment]);
    expect(await rowsOf(buyer.userId)).toMatchObject([{ withdrawnAt: null, pausedByOrderId: null }]);

    // A later instalment unpaid past its grace pauses the plan again, and its late resumption opens it.
    await deliver(planEvent('payment.plan.paused', grant, new Date(START.getTime() + 68 * DAY)));
    expect(await enrolmentsOf(buyer)).toEqual([]);
    const resumedAgain = planEvent('payment.plan.resumed', grant, new Date(START.getTime() + 70 * DAY));
    await deliver(planEvent('payment.plan.paused', grant, pausedAt)); // the first pause once more, late
    expect(await enrolmentsOf(buyer)).toEqual([]);
    await deliver(resumedAgain);
    expect(await enrolmentsOf(buyer)).toEqual([enrolment]);
  });

  it('keeps a course another order gives when a payment plan pauses', async () => {
    const buyer = user();
    const plan = granted(buyer, [courseId], START);
    await deliver(plan);
    await deliver(granted(buyer, [courseId], START));
    await deliver(planEvent('payment.plan.paused', plan, new Date(START.getTime() + 38 * DAY)));
    expect(await enrolmentsOf(buyer)).toHaveLength(1);
  });

  it('enrols nobody when the refund overtook the grant', async () => {
    const buyer = user();
    const grant = granted(buyer, [courseId], START);
    await deliver(revoked(grant, REFUNDED_AT));
    await deliver(grant);
    expect(await enrolmentsOf(buyer)).toEqual([]);
    expect(await rowsOf(buyer.userId)).toEqual([]);
  });

  it('skips a course that does not exist and still enrols the ones that do', async () => {
    const buyer = user();
    await deliver(granted(buyer, [999_999, courseId], START));
    expect((await enrolmentsOf(buyer)).map((e) => e.courseId)).toEqual([courseId]);
    // An order without courses (a consultation only) enrols nothing.
    const other = user();
    await deliver(granted(other, [], START));
    expect(await enrolmentsOf(other)).toEqual([]);
  });
});
