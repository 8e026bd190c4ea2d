/**
 * The revenue-share choreography (docs/architecture.md#revenue-share-consent-to-course-access) with the real
 * auth, course, consultation and revenue services on one bus, driven by one settable clock: an owner signs
 * up and consents while the course service is down; auth records `rs_pending` and membership; once the
 * course service is back the owner is enrolled, section 1 opens and section 2 waits for the consultation;
 * the owner submits the consultation through the consultation service, which makes the plan `rs_active`
 * and opens section 2; sections 3 to 8 then open one a day, each at its release instant, as the clock
 * moves on. Months without reports block the owner (the course service follows the revenue service's
 * standing) and the reports lift the block. Runs on
 * the in-process bus with PGlite (the embedded mode) and, with POSTGRES_URL and NATS_URL, on JetStream
 * with PostgreSQL (the distributed mode).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  AuthUserSchema,
  AvailableModuleListSchema,
  ConsultationResponseSchema,
  EnrollmentListSchema,
  RevenueCustomerSchema,
  type AvailableModuleList,
  type Caller,
} from '@platform/contracts';
import { authService } from '@platform/auth';
import { consultationService } from '@platform/consultation';
import { courseService } from '@platform/course';
import { CUSTOMER_STATUS_JOB, revenueService } from '@platform/revenue';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import { type RunningService } from '@platform/service-kit/runtime';
import { systemBackings, waitFor } from '@platform/service-kit/testing';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN, ANONYMOUS, useChoreography } from './choreography.js';
import { cookieOf } from './helpers.js';

const PASSWORD = 'Fresh-Start!2030';

const modes = systemBackings({
  services: ['auth', 'course', 'consultation', 'revenue'],
  label: 'revenue-choreography',
});

describe.each(modes)('revenue share from consent to every section on $name', (mode) => {
  const clock = new SettableClock('2030-01-05T12:00:00.000Z');
  let auth: RunningService;
  let course: RunningService | undefined;
  let revenue: RunningService;
  let consultation: RunningService;
  let owner: Extract<Caller, { kind: 'user' }>;
  let cookie: string;
  let courseId: number;
  let enrolledAt: Date;

  // Four services with their migrations on a shared machine take a while to start.
  const { start, call, post, sessionCaller, signUp } = useChoreography(
    mode,
    { clock, timeoutMs: 180_000 },
    async () => {
      auth = await start(authService);
      course = await start(courseService);
      consultation = await start(consultationService);
      revenue = await start(revenueService);
    },
  );
  const startCourse = () => start(courseService);

  /** The owner's standing as the course service keeps it from the revenue service's events. */
  async function standingInCourse(): Promise<string | null> {
    const result = await course!.deps.db.execute(
      sql`select status from course.owner_standing where user_id = ${owner.userId}`,
    );
    return (result.rows[0] as { status: string } | undefined)?.status ?? null;
  }

  async function me() {
    const caller = await sessionCaller(auth, cookie);
    return AuthUserSchema.parse(await (await call(auth, '/api/auth/user', caller)).json());
  }

  const sections = async () =>
    AvailableModuleListSchema.parse(
      await (await call(course!, `/api/courses/${courseId}/available-modules`, owner)).json(),
    );

  /** Which sections are open, in course order, and why each closed one is closed. */
  const openings = (list: AvailableModuleList) =>
    list.map((section) => (section.isAvailable ? 'open' : section.lockedReason));

  /**
   * The owner sends the consultation form (step 1) and, some minutes later, completes it, signed in, as
   * the page does.
   */
  async function submitConsultation() {
    const step1 = await post(consultation, '/api/consultation', owner, {
      businessName: 'Casa Rosa',
      ownerName: 'Rosa Díaz',
      email: owner.email,
      phone: '',
      restaurantPhone: '',
      restaurantName: 'Casa Rosa',
      location: 'Austin, TX',
      currentChallenges: 'Weeknight covers are down and food costs keep rising every month.',
      consultationGoals: 'Fill the dining room on weeknights and bring food cost under 30%.',
    });
    expect(step1.status).toBe(200);
    const { submissionId } = ConsultationResponseSchema.parse(await step1.json());
    await waitFor(me, (current) => current.consultationStatus === 'in_progress', 'in_progress');
    // Step 2 (the photos, the walkthrough video, the menu) takes the owner a while. Auth stamps each
    // status change with its clock, and the course service keeps the newest stamp only: with the clock
    // standing still, 'submitted' would carry the same instant as 'in_progress' and be dropped.
    clock.advance(10 * 60_000);
    const completed = await call(consultation, `/api/consultation/${submissionId}/complete`, owner, {
      method: 'POST',
    });
    expect(completed.status).toBe(200);
  }

  it('signs up, consents while the course service is down, and is rs_pending and a member', async () => {
    const email = `rosa-${randomBytes(4).toString('hex')}@bistro-example.com`;
    cookie = await signUp(auth, { firstName: 'Rosa', lastName: 'Díaz', email, password: PASSWORD });
    const user = await me();
    owner = { kind: 'user', userId: user.id, email, role: 'user' };
    expect(user).toMatchObject({ planStatus: 'regular', isMember: false });

    await course!.stop();
    course = undefined;

    const consent = await post(revenue, '/api/revenue-share-consent', owner, {
      consentToTerms: true,
      termsVersion: 'v1.0',
      baselineNetRevenue: 500_000,
    });
    expect(consent.status).toBe(200);
    const again = await post(revenue, '/api/revenue-share-consent', owner, { consentToTerms: true });
    expect(await again.json()).toMatchObject({ created: false });

    const joined = await waitFor(me, (current) => current.planStatus === 'rs_pending', 'rs_pending');
    expect(joined).toMatchObject({ isMember: true, consultationStatus: 'not_started' });
  });

  it('is enrolled once the course service is back: section 1 opens, section 2 waits for the consultation', async () => {
    course = await startCourse();
    const enrolments = await waitFor(
      async () => EnrollmentListSchema.parse(await (await call(course!, '/api/enrollments', owner)).json()),
      (list) => list.length > 0,
      'the enrolment',
    );
    expect(enrolments).toEqual([expect.objectContaining({ enrolledAt: '2030-01-05T12:00:00.000Z' })]);
    courseId = enrolments[0]!.courseId;
    enrolledAt = new Date(enrolments[0]!.enrolledAt);

    clock.advance(DAY + 60_000);
    const [first, second] = await waitFor(
      sections,
      (list) => list[1]?.lockedReason === 'consultation',
      'section 2 to wait for the consultation',
    );
    expect(first).toMatchObject({ isAvailable: true });
    expect(second).toMatchObject({ isAvailable: false, lockedReason: 'consultation' });
  });

  it('opens section 2 once the consultation is submitted through the consultation service (rs_active)', async () => {
    await submitConsultation();
    await waitFor(me, (current) => current.planStatus === 'rs_active', 'rs_active');
    const list = await waitFor(sections, (current) => current[1]?.isAvailable === true, 'section 2 to open');
    expect(openings(list)).toEqual(['open', 'open', ...Array(6).fill('schedule')]);
    expect(await me()).toMatchObject({ consultationStatus: 'submitted' });

    const customers = z
      .array(RevenueCustomerSchema)
      .parse(await (await call(revenue, '/api/admin/revenue-customers', ADMIN)).json());
    expect(customers.find((customer) => customer.id === owner.userId)).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Díaz',
      baselineNetRevenue: 500_000,
      status: 'current',
    });
  });

  it('opens sections 3 to 8 one a day, each at its release instant', async () => {
    const before = await sections();
    expect(before).toHaveLength(8);
    for (let index = 2; index < before.length; index += 1) {
      const release = new Date(enrolledAt.getTime() + before[index]!.availableAfterDays * DAY);
      expect(before[index]).toMatchObject({ availableAfterDays: index, unlockDate: release.toISOString() });

      clock.set(new Date(release.getTime() - 1));
      expect(openings(await sections())[index]).toBe('schedule');

      clock.set(release);
      const list = await sections();
      expect(openings(list)).toEqual([
        ...Array(index + 1).fill('open'),
        ...Array(list.length - index - 1).fill('schedule'),
      ]);
    }
    expect(openings(await sections())).toEqual(Array(8).fill('open'));
  });

  it('is blocked after two months without a report, and unblocked by the reports', async () => {
    // The implementation period ended February 4: March and April are due, and late after May 11.
    clock.set('2030-05-11T00:00:01.000Z');
    // Months later the session has expired: sign in again.
    const login = await post(auth, '/api/auth/login', ANONYMOUS, { email: owner.email, password: PASSWORD });
    expect(login.status).toBe(200);
    cookie = cookieOf(login);
    expect(await revenue.jobs.runNow(CUSTOMER_STATUS_JOB)).toMatchObject({ ran: true, ok: true });
    await waitFor(standingInCourse, (status) => status === 'blocked', 'the block in the course service');

    for (const [start, end] of [
      ['2030-03-01', '2030-03-31'],
      ['2030-04-01', '2030-04-30'],
    ]) {
      const report = await post(revenue, '/api/revenue-report', owner, {
        reportingPeriodStart: start,
        reportingPeriodEnd: end,
        grossRevenue: 900_000,
        businessExpenses: 100_000,
        netRevenue: 800_000,
      });
      expect(report.status).toBe(200);
    }
    await waitFor(standingInCourse, (status) => status === 'current', 'the block to be lifted');
    expect((await me()).planStatus).toBe('rs_active');
  });
});
