/**
 * The nudges sweep through the real service and the kit's job runner (docs/behaviour/member-learning.md#nudges):
 * a section that opens is announced once (never one open from the first day, never twice, whichever of
 * two replicas sweeps); 7 days without activity is announced once per gap, again only after new activity
 * and another 7 days, and never to a learner who finished the course.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CourseLearnerInactiveSchema, CourseSectionsUnlockedSchema, type Caller } from '@platform/contracts';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import { backings, startCourse, type Backing, type CourseUnderTest } from '../../__tests__/harness.js';
import { granted, jsonRequest, seededOutline, user } from '../../learning/__tests__/fixtures.js';
import { LEARNING_NUDGES_JOB } from '../learning-nudges.job.js';

const ENROLLED = new Date('2030-06-03T08:00:00.000Z');

describe.each(backings())('learning nudges on $name', (factory) => {
  let backing: Backing;
  let course: CourseUnderTest;
  let replica: CourseUnderTest;
  const clock = new SettableClock(ENROLLED);
  let outline: Awaited<ReturnType<typeof seededOutline>>;

  beforeAll(async () => {
    backing = await factory.create();
    course = await startCourse(backing, { clock });
    // A second replica on the same database: the sweep runs on one of them per period.
    replica = await startCourse(backing, { clock });
    outline = await seededOutline(course);
  });

  afterAll(async () => {
    await replica?.stop();
    await course?.stop();
    await backing?.cleanup();
  });

  async function eventsOf(type: 'course.sections.unlocked' | 'course.learner.inactive', userId: string) {
    const rows = await course.events(type);
    const schema =
      type === 'course.sections.unlocked' ? CourseSectionsUnlockedSchema : CourseLearnerInactiveSchema;
    return rows.map((row) => schema.parse(row.data)).filter((event) => event.userId === userId);
  }

  /** Both replicas sweep at once; until one of them completed a sweep (a moved clock may start one too). */
  const sweepOnBoth = async () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const runs = await Promise.all([
        course.service.jobs.runNow(LEARNING_NUDGES_JOB),
        replica.service.jobs.runNow(LEARNING_NUDGES_JOB),
      ]);
      const failed = runs.find((run) => run.ran && !run.ok);
      if (failed) throw new Error(`the sweep failed: ${JSON.stringify(failed)}`);
      if (runs.some((run) => run.ran)) return;
    }
    throw new Error('no replica could sweep');
  };

  async function learner(at: Date) {
    const someone = user();
    await course.deliver(granted(someone, [outline.courseId], at));
    return someone;
  }

  const touch = (caller: Caller, lessonId: number) =>
    course.requestAs(
      caller,
      `/api/lessons/${lessonId}/progress`,
      jsonRequest({ positionSeconds: 5 }, { method: 'PUT' }),
    );

  it('announces each opened section once and a week away once per gap', async () => {
    clock.set(ENROLLED);
    const ana = await learner(ENROLLED);
    await sweepOnBoth();
    expect(await eventsOf('course.sections.unlocked', ana.userId)).toEqual([]);

    clock.set(new Date(ENROLLED.getTime() + DAY + 60_000));
    await sweepOnBoth();
    await sweepOnBoth();
    const unlocked = await eventsOf('course.sections.unlocked', ana.userId);
    expect(unlocked).toHaveLength(1);
    expect(unlocked[0]).toMatchObject({
      email: ana.email,
      firstName: 'Ana',
      courseId: outline.courseId,
      sections: [{ id: outline.sections[1]!.id, title: outline.sections[1]!.title }],
    });

    // Touched a lesson on day 1; seven days later, one reminder for that gap.
    const lesson = outline.sections[0]!.lessons[0]!;
    expect((await touch(ana, lesson.id)).status).toBe(204);
    clock.set(new Date(ENROLLED.getTime() + 8 * DAY + 2 * 60_000));
    await sweepOnBoth();
    await sweepOnBoth();
    const reminders = await eventsOf('course.learner.inactive', ana.userId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ resumeLessonId: lesson.id, courseId: outline.courseId });

    // Active again, then away another week: a second gap, a second reminder.
    expect((await touch(ana, lesson.id)).status).toBe(204);
    clock.set(new Date(clock.now().getTime() + 7 * DAY + 60_000));
    await sweepOnBoth();
    expect(await eventsOf('course.learner.inactive', ana.userId)).toHaveLength(2);
  });

  it('never reminds a learner who finished the course', async () => {
    clock.set(ENROLLED);
    const done = await learner(ENROLLED);
    const unlocked = await course.requestAs(
      user('admin'),
      `/api/admin/learners/${done.userId}/unlock-all`,
      jsonRequest({ reason: 'Finishes in one sitting' }),
    );
    expect(unlocked.status).toBeLessThan(300);
    for (const section of outline.sections.filter((item) => item.isPublished)) {
      const answer = await course.requestAs(done, `/api/modules/${section.id}/complete`, { method: 'POST' });
      expect(answer.status).toBeLessThan(300);
    }
    clock.set(new Date(ENROLLED.getTime() + 60 * DAY));
    await sweepOnBoth();
    expect(await eventsOf('course.learner.inactive', done.userId)).toEqual([]);
  });
});
