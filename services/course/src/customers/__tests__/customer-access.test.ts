/**
 * The admin's customers, the course's part (docs/behaviour/admin.md#customers; docs/decisions.md, 100):
 * revoking a customer's course takes it away at once and granting gives it back, each kept with its reason,
 * who and when; progress and the lesson they are stuck at are shown; a change that would change nothing,
 * a missing reason, an unknown course or a caller who is not the admin changes nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { CustomerLearningListSchema, CustomerLearningSchema } from '@platform/contracts';
import { HOUR } from '@platform/service-kit/clock';
import { eq } from 'drizzle-orm';
import { backings } from '../../__tests__/harness.js';
import { customerAccessLog } from '../../db/schema.js';
import {
  granted,
  json,
  jsonRequest,
  revoked,
  user,
  useSeededCourse,
  type User,
} from '../../learning/__tests__/fixtures.js';

const START = new Date('2030-06-01T09:00:00.000Z');

describe.each(backings())('customer access on $name', (factory) => {
  const admin = user('admin');
  const { course, outline, clock } = useSeededCourse(factory, { at: START });

  const change = (caller: User, customer: User, action: 'grant' | 'revoke', body: unknown) =>
    course.requestAs(caller, `/api/admin/customers/learning/${customer.userId}/${action}`, jsonRequest(body));
  /** The admin's `action` on the seeded course for `customer` (200): the view it answers, and that course in it. */
  async function changeByAdmin(customer: User, action: 'grant' | 'revoke', reason: string) {
    const response = await change(admin, customer, action, { courseId: outline.courseId, reason });
    expect(response.status).toBe(200);
    const view = CustomerLearningSchema.parse(await response.json());
    return { view, entry: view.courses.find((entry) => entry.courseId === outline.courseId) };
  }
  const learningOf = async (...customers: User[]) =>
    CustomerLearningListSchema.parse(
      await json(
        await course.requestAs(
          admin,
          `/api/admin/customers/learning?userIds=${customers.map((one) => one.userId).join(',')}`,
        ),
      ),
    );
  const logRows = (customer: User) =>
    course.service.deps.db
      .select()
      .from(customerAccessLog)
      .where(eq(customerAccessLog.userId, customer.userId));
  /** The courses the customer sees as theirs (what opens its lessons). */
  const enrolmentsOf = async (customer: User) =>
    (await json(await course.requestAs(customer, '/api/enrollments'))) as unknown[];

  async function member() {
    const someone = user();
    const grant = granted(someone, [outline.courseId], clock.now());
    await course.deliver(grant);
    return { someone, grant };
  }

  it('revokes a buyer’s course and grants it back, keeping each reason, who and when', async () => {
    const { someone } = await member();
    const first = outline.sections[0]!;
    expect(
      (await course.requestAs(someone, `/api/lessons/${first.lessons[0]!.id}/complete`, { method: 'POST' }))
        .status,
    ).toBe(200);
    const [before] = await learningOf(someone);
    expect(before!.courses.find((entry) => entry.courseId === outline.courseId)).toMatchObject({
      hasAccess: true,
      enrolledAt: START.toISOString(),
      sectionCount: outline.sections.length,
      completedSectionCount: 0,
      stuckAt: { sectionTitle: first.title, lessonTitle: first.lessons[1]!.title, lastOpenedAt: null },
    });
    expect(before!.lastActivityAt).toBe(START.toISOString());

    clock.set(new Date(START.getTime() + HOUR));
    const { entry: afterRevoke } = await changeByAdmin(someone, 'revoke', '  Chargeback filed  ');
    expect(afterRevoke).toMatchObject({
      hasAccess: false,
      enrolledAt: null,
      stuckAt: null,
    });
    expect(await enrolmentsOf(someone)).toEqual([]);

    clock.set(new Date(START.getTime() + 2 * HOUR));
    const { view, entry: afterGrant } = await changeByAdmin(someone, 'grant', 'Resolved with the bank');
    expect(afterGrant).toMatchObject({
      hasAccess: true,
      enrolledAt: clock.now().toISOString(),
    });
    expect(view.accessLog).toEqual([
      {
        courseId: outline.courseId,
        action: 'grant',
        reason: 'Resolved with the bank',
        adminEmail: admin.email,
        createdAt: clock.now().toISOString(),
      },
      {
        courseId: outline.courseId,
        action: 'revoke',
        reason: 'Chargeback filed',
        adminEmail: admin.email,
        createdAt: new Date(START.getTime() + HOUR).toISOString(),
      },
    ]);
    expect(await enrolmentsOf(someone)).toHaveLength(1);
    // What was completed stays completed.
    expect((await learningOf(someone))[0]!.lastActivityAt).toBe(START.toISOString());
    clock.set(START);
  });

  it('keeps the admin’s grant when the refund of an older order arrives later', async () => {
    const { someone, grant } = await member();
    expect(
      (await change(admin, someone, 'revoke', { courseId: outline.courseId, reason: 'Test' })).status,
    ).toBe(200);
    expect(
      (await change(admin, someone, 'grant', { courseId: outline.courseId, reason: 'Comp' })).status,
    ).toBe(200);
    await course.deliver(revoked(grant, START));
    expect((await learningOf(someone))[0]!.courses[0]).toMatchObject({ hasAccess: true });
  });

  it('grants once under parallel requests, and refuses what would change nothing', async () => {
    const newcomer = user();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        change(admin, newcomer, 'grant', { courseId: outline.courseId, reason: 'Partner' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await answers.find((answer) => answer.status === 409)!.json()).toEqual({
      message: 'This customer already has this course',
    });
    expect(await logRows(newcomer)).toHaveLength(1);

    const stranger = user();
    const notHeld = await change(admin, stranger, 'revoke', { courseId: outline.courseId, reason: 'x' });
    expect(notHeld.status).toBe(409);
    expect(await notHeld.json()).toEqual({ message: 'This customer does not have this course' });
    expect((await change(admin, stranger, 'grant', { courseId: 999999, reason: 'x' })).status).toBe(404);
    const noReason = await change(admin, stranger, 'grant', { courseId: outline.courseId, reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({
      issues: [{ path: 'reason', message: 'Please give a reason' }],
    });
    expect(await logRows(stranger)).toEqual([]);
    expect((await learningOf(stranger))[0]!.courses[0]).toMatchObject({ hasAccess: false });
    // Who may look or change: the admin alone.
    const { someone } = await member();
    expect(
      (await change(someone, stranger, 'grant', { courseId: outline.courseId, reason: 'x' })).status,
    ).toBe(403);
    expect(
      (await course.requestAs(someone, `/api/admin/customers/learning?userIds=${someone.userId}`)).status,
    ).toBe(403);
    expect(await logRows(stranger)).toEqual([]);
    expect((await course.requestAs(admin, '/api/admin/customers/learning?userIds=nope')).status).toBe(400);
  });
});
