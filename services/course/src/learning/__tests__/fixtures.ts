/** Callers and the events other services send, for the member-side suites. */
import { randomUUID } from 'node:crypto';
import {
  AvailableModuleListSchema,
  type AvailableModuleList,
  type Caller,
  type EventData,
  type EventEnvelope,
} from '@platform/contracts';
import { expect } from '@jest/globals';
import { asc, eq } from 'drizzle-orm';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import { envelope, lateBound, useBacking, type BackingFactory } from '@platform/service-kit/testing';
import { startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import { courseLessons, courseModules, courses } from '../../db/schema.js';

export type User = Extract<Caller, { kind: 'user' }>;

export const visitor: Caller = { kind: 'anonymous' };

export function user(role: 'user' | 'admin' = 'user'): User {
  const userId = randomUUID();
  return { kind: 'user', userId, email: `${role}-${userId.slice(0, 8)}@example.com`, role };
}

/** auth's `auth.member.granted` for `to`: a new order gave them `courseIds` at `grantedAt` (`data` says otherwise). */
export function granted(
  to: User,
  courseIds: number[],
  grantedAt: Date,
  data: Partial<EventData<'auth.member.granted'>> = {},
): EventEnvelope<EventData<'auth.member.granted'>> {
  return envelope(
    'auth.member.granted',
    {
      userId: to.userId,
      email: to.email,
      firstName: 'Ana',
      orderId: randomUUID(),
      courseIds,
      isNewAccount: false,
      setPassword: null,
      grantedAt: grantedAt.toISOString(),
      ...data,
    },
    { occurredAt: grantedAt },
  );
}

/** auth's `auth.member.revoked` for the order of `grant`, refunded at `revokedAt`, ending the membership. */
export function revoked(
  grant: EventEnvelope<EventData<'auth.member.granted'>>,
  revokedAt: Date,
  data: Partial<EventData<'auth.member.revoked'>> = {},
): EventEnvelope<EventData<'auth.member.revoked'>> {
  return envelope(
    'auth.member.revoked',
    {
      userId: grant.data.userId,
      email: grant.data.email,
      orderId: grant.data.orderId,
      courseIds: grant.data.courseIds,
      membershipEnded: true,
      revokedAt: revokedAt.toISOString(),
      ...data,
    },
    { occurredAt: revokedAt },
  );
}

/** A new member of the course `courseId` since `at`: auth's `auth.member.granted` for them, delivered. */
export async function enrolledMember(course: CourseUnderTest, courseId: number, at: Date): Promise<User> {
  const member = user();
  await course.deliver(granted(member, [courseId], at));
  return member;
}

/** The member's sections of the course, as `GET /api/courses/:id/available-modules` answers them (200). */
export async function availableModules(
  course: CourseUnderTest,
  member: Caller,
  courseId: number,
): Promise<AvailableModuleList> {
  const response = await course.requestAs(member, `/api/courses/${courseId}/available-modules`);
  expect(response.status).toBe(200);
  return AvailableModuleListSchema.parse(await response.json());
}

/** revenue's `revenue.plan.consented`: `of` agreed to a revenue-share plan at `consentedAt`. */
export function planConsented(
  of: User,
  consentedAt: Date,
): EventEnvelope<EventData<'revenue.plan.consented'>> {
  return envelope(
    'revenue.plan.consented',
    {
      planId: randomUUID(),
      userId: of.userId,
      email: of.email,
      termsVersion: 'v1.0',
      baselineNetRevenue: 0,
      revenueSharePercentage: 10,
      consentedAt: consentedAt.toISOString(),
      implementationEndsAt: new Date(consentedAt.getTime() + 30 * DAY).toISOString(),
    },
    { occurredAt: consentedAt },
  );
}

/** `auth.user.status-changed` for `of`; with `sequence` as auth sends it now, without as it did before. */
export function statusChanged(
  of: User,
  data: Pick<EventData<'auth.user.status-changed'>, 'planStatus' | 'consultationStatus'>,
  changedAt: Date,
  sequence?: number,
): EventEnvelope<EventData<'auth.user.status-changed'>> {
  return envelope(
    'auth.user.status-changed',
    {
      userId: of.userId,
      ...data,
      changedAt: changedAt.toISOString(),
      ...(sequence !== undefined && { sequence }),
    },
    { occurredAt: changedAt },
  );
}

/** The seeded course's sections in order, each with its lessons in order. */
export async function seededOutline(course: CourseUnderTest) {
  const db = course.service.deps.db;
  const [first] = await db.select().from(courses).orderBy(asc(courses.id)).limit(1);
  const modules = await db.select().from(courseModules).orderBy(asc(courseModules.orderIndex));
  const lessons = await db.select().from(courseLessons).orderBy(asc(courseLessons.orderIndex));
  return {
    courseId: first!.id,
    sections: modules
      .filter((module) => module.courseId === first!.id)
      .map((module) => ({ ...module, lessons: lessons.filter((lesson) => lesson.moduleId === module.id) })),
  };
}

/**
 * A request sending `body` as JSON, a POST unless `init` says otherwise: the kit's `json`, named apart from
 * `json` here, which reads an answer.
 */
export { json as jsonRequest } from '@platform/service-kit/testing';

export async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? null : JSON.parse(text);
}

/** `revenue.customer.status-changed` for `of`: their standing in the ledger, numbered as revenue sends it. */
export function standingChanged(
  of: User,
  status: EventData<'revenue.customer.status-changed'>['status'],
  changedAt: Date,
  sequence: number,
): EventEnvelope<EventData<'revenue.customer.status-changed'>> {
  return envelope(
    'revenue.customer.status-changed',
    {
      planId: randomUUID(),
      userId: of.userId,
      status,
      previousStatus: status === 'blocked' ? 'overdue' : 'blocked',
      sequence,
      changedAt: changedAt.toISOString(),
    },
    { occurredAt: changedAt },
  );
}

export type SeededOutline = Awaited<ReturnType<typeof seededOutline>>;

/** A suite's course service and seeded course (`useSeededCourse`), standing for what its `beforeAll` started. */
export interface SeededCourseSuite {
  course: CourseUnderTest;
  outline: SeededOutline;
  /** The service clock, set at the suite's start (`at`) and moved by its tests. */
  clock: SettableClock;
  /** A new member of the seeded course since `at`, the suite's start unless given (`enrolledMember`). */
  enrol(at?: Date): Promise<User>;
  /** The member's sections of the seeded course (`availableModules`). */
  modulesOf(member: Caller): Promise<AvailableModuleList>;
}

/**
 * A suite's course service on its backing, on a settable clock from `options.at`, with the seeded course;
 * `setUp` adds what the suite needs besides (e.g. another course) in the same `beforeAll`.
 */
export function useSeededCourse(
  factory: BackingFactory,
  options: { at: Date; env?: Record<string, string> },
  setUp?: (course: CourseUnderTest) => Promise<void>,
): SeededCourseSuite {
  const { at: start, ...startOptions } = options;
  const clock = new SettableClock(start);
  let started: { course: CourseUnderTest; outline: SeededOutline } | undefined;
  useBacking(factory, async (backing) => {
    const course = await startCourse(backing, { ...startOptions, clock });
    started = { course, outline: await seededOutline(course) };
    await setUp?.(course);
    return course;
  });
  const course = lateBound(() => started?.course, 'the course service');
  const outline = lateBound(() => started?.outline, 'the seeded outline');
  return {
    course,
    outline,
    clock,
    enrol: (at = start) => enrolledMember(course, outline.courseId, at),
    modulesOf: (member) => availableModules(course, member, outline.courseId),
  };
}

/**
 * Runs `check` with `sections` released `days` after enrolment, as if the course's schedule had changed
 * since the member completed them, then gives each its own release day back.
 */
export async function withSectionsReleasedAfter(
  course: CourseUnderTest,
  sections: Array<{ id: number; availableAfterDays: number }>,
  days: number,
  check: () => Promise<void>,
): Promise<void> {
  const db = course.service.deps.db;
  const release = (id: number, availableAfterDays: number) =>
    db.update(courseModules).set({ availableAfterDays }).where(eq(courseModules.id, id));
  try {
    for (const section of sections) await release(section.id, days);
    await check();
  } finally {
    for (const section of sections) await release(section.id, section.availableAfterDays);
  }
}
