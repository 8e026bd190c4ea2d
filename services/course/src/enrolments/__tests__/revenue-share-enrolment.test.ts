/**
 * `revenue.plan.consented` through the real bus: the owner is enrolled in the programme's course once,
 * however often the event arrives; with the rs_pending plan auth announces, section 1 opens at once and
 * section 2 waits for the consultation even after its day has come; `rs_active` opens it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { AvailableModuleListSchema, EnrollmentListSchema } from '@platform/contracts';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import { backings, startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import { planConsented, statusChanged, type User } from '../../learning/__tests__/fixtures.js';

describe.each(backings())('revenue-share enrolment on $name', (factory) => {
  let course: CourseUnderTest;
  const clock = new SettableClock('2030-03-01T10:00:00.000Z');

  useBacking(factory, async (backing) => (course = await startCourse(backing, { clock })));

  it('enrols the owner once; section 1 opens, section 2 waits for the consultation', async () => {
    const owner: User = {
      kind: 'user',
      userId: randomUUID(),
      email: 'owner@bistro-example.com',
      role: 'user',
    };
    const consented = planConsented(owner, clock.now());
    await course.deliver(consented);
    await course.deliver({ ...consented, id: randomUUID() });
    await course.deliver(
      statusChanged(owner, { planStatus: 'rs_pending', consultationStatus: 'not_started' }, clock.now()),
    );

    const enrolments = EnrollmentListSchema.parse(
      await (await course.requestAs(owner, '/api/enrollments')).json(),
    );
    expect(enrolments).toEqual([expect.objectContaining({ enrolledAt: '2030-03-01T10:00:00.000Z' })]);
    const courseId = enrolments[0]!.courseId;
    const sections = async () =>
      AvailableModuleListSchema.parse(
        await (await course.requestAs(owner, `/api/courses/${courseId}/available-modules`)).json(),
      );

    clock.advance(DAY + 1);
    const [first, second] = await sections();
    expect(first).toMatchObject({ isAvailable: true, lockedReason: null });
    expect(second).toMatchObject({ isAvailable: false, lockedReason: 'consultation' });

    await course.deliver(
      statusChanged(owner, { planStatus: 'rs_active', consultationStatus: 'submitted' }, clock.now()),
    );
    expect((await sections())[1]).toMatchObject({ isAvailable: true, lockedReason: null });
  });
});
