/**
 * One rule for a finished section (docs/decisions.md, 46), through the real service: a section is completed
 * exactly when all its lessons are. 'Mark Section Complete' with 2 of 15 lessons done records the other 13
 * as completed, so the section list the dashboards read, the lesson list and the course's progress agree;
 * lessons completed before keep their time, and the resume point stays inside the section.
 */
import { describe, expect, it } from '@jest/globals';
import {
  AvailableModuleListSchema,
  AvailableModuleSchema,
  CourseListSchema,
  MemberLessonListSchema,
  MemberLessonSchema,
} from '@platform/contracts';
import { MINUTE } from '@platform/service-kit/clock';
import { backings } from '../../__tests__/harness.js';
import { json, jsonRequest, useSeededCourse } from './fixtures.js';

const ENROLLED_AT = new Date('2030-04-02T09:30:00.000Z');

describe.each(backings())("'Mark Section Complete' on $name", (factory) => {
  const { course, outline, clock, enrol } = useSeededCourse(factory, { at: ENROLLED_AT });

  it('with 2 of 15 lessons done completes all 15, and every list agrees', async () => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    const section = outline.sections[0]!;
    expect(section.lessons).toHaveLength(15);

    // Two lessons done by hand, a third opened and paused in the middle.
    const [first, second, third] = section.lessons;
    const doneAt = new Date(ENROLLED_AT.getTime() + 10 * MINUTE);
    clock.set(doneAt);
    for (const lesson of [first!, second!]) {
      const done = await course.requestAs(member, `/api/lessons/${lesson.id}/complete`, { method: 'POST' });
      expect(done.status).toBe(200);
    }
    const paused = await course.requestAs(
      member,
      `/api/lessons/${third!.id}/progress`,
      jsonRequest({ positionSeconds: 95 }, { method: 'PUT' }),
    );
    expect(paused.status).toBe(204);

    const markedAt = new Date(ENROLLED_AT.getTime() + 45 * MINUTE);
    clock.set(markedAt);
    const marked = await course.requestAs(member, `/api/modules/${section.id}/complete`, jsonRequest({}));
    expect(marked.status).toBe(200);
    expect(AvailableModuleSchema.parse(await marked.json())).toMatchObject({
      isCompleted: true,
      completedAt: markedAt.toISOString(),
      lessonCount: 15,
      completedLessonCount: 15,
    });

    // The dashboards' list: the section finished, all its lessons counted, the others untouched.
    const modules = AvailableModuleListSchema.parse(
      await json(await course.requestAs(member, `/api/courses/${outline.courseId}/available-modules`)),
    );
    expect(modules[0]).toMatchObject({ isCompleted: true, lessonCount: 15, completedLessonCount: 15 });
    expect(modules.slice(1).every((item) => !item.isCompleted && item.completedLessonCount === 0)).toBe(true);

    // The section's lessons: all completed; the two done by hand keep their own time.
    const lessons = MemberLessonListSchema.parse(
      await json(await course.requestAs(member, `/api/modules/${section.id}/lessons`)),
    );
    expect(lessons.every((lesson) => lesson.completed)).toBe(true);
    expect(lessons.slice(0, 2).map((lesson) => lesson.completedAt)).toEqual([
      doneAt.toISOString(),
      doneAt.toISOString(),
    ]);
    expect(lessons.slice(2).every((lesson) => lesson.completedAt === markedAt.toISOString())).toBe(true);
    // The paused lesson keeps its place in the video.
    const third2 = MemberLessonSchema.parse(
      await json(await course.requestAs(member, `/api/lessons/${third!.id}`)),
    );
    expect(third2).toMatchObject({ completed: true, positionSeconds: 95 });

    // 'Continue where you left off' stays inside the section just finished.
    const courses = CourseListSchema.parse(await json(await course.requestAs(member, '/api/courses')));
    const resume = courses.find((item) => item.id === outline.courseId)?.resume;
    expect(resume?.moduleId).toBe(section.id);

    // Again: nothing changes.
    clock.set(new Date(markedAt.getTime() + MINUTE));
    const again = await course.requestAs(member, `/api/modules/${section.id}/complete`, { method: 'POST' });
    expect(AvailableModuleSchema.parse(await again.json())).toMatchObject({
      completedAt: markedAt.toISOString(),
      completedLessonCount: 15,
    });
  });

  it('leaves a locked section and its lessons alone', async () => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    const locked = outline.sections[1]!;
    const refused = await course.requestAs(member, `/api/modules/${locked.id}/complete`, { method: 'POST' });
    expect(refused.status).toBe(403);
    const lessons = MemberLessonListSchema.parse(
      await json(await course.requestAs(member, `/api/modules/${locked.id}/lessons`)),
    );
    expect(lessons.some((lesson) => lesson.completed)).toBe(false);
  });
});
