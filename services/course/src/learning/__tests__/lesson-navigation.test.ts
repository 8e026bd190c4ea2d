/**
 * `GET /api/lessons/:id/navigation` through the real service: the lesson's section and its neighbours in
 * course order, across sections; a locked lesson is told apart from a missing one ("locked until X", with
 * the exact release instant or the consultation) while its content still never leaves the service; the
 * admin reads every section and lesson; callers without the course are refused as for the lesson itself.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  LESSON_NOT_FOUND_MESSAGE,
  LessonNavigationSchema,
  MEMBERSHIP_REQUIRED_MESSAGE,
  SECTION_LOCKED_MESSAGE,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { backings } from '../../__tests__/harness.js';
import { granted, json, statusChanged, user, useSeededCourse, visitor, type User } from './fixtures.js';

const ENROLLED_AT = new Date('2030-06-11T18:20:00.000Z');

describe.each(backings())('lesson navigation on $name', (factory) => {
  const { course, outline, clock, enrol } = useSeededCourse(factory, { at: ENROLLED_AT });
  const member = user();

  beforeAll(async () => {
    await course.deliver(granted(member, [outline.courseId], ENROLLED_AT));
  });

  async function navigationOf(caller: User, lessonId: number) {
    const response = await course.requestAs(caller, `/api/lessons/${lessonId}/navigation`);
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status: 200 });
    expect(response.headers.get('cache-control') ?? '').toMatch(/private/);
    return { body: LessonNavigationSchema.parse(JSON.parse(text)), text };
  }

  it('links each lesson to the one before and after it, across sections, with the next one locked until its day', async () => {
    clock.set(ENROLLED_AT);
    const [section1, section2] = outline.sections;
    const last = section1!.lessons.at(-1)!;
    const { body } = await navigationOf(member, last.id);
    expect(body).toEqual({
      courseId: outline.courseId,
      section: { id: section1!.id, title: section1!.title, number: 1 },
      lesson: {
        id: last.id,
        moduleId: section1!.id,
        title: last.title,
        isLocked: false,
        completed: false,
        unlockDate: ENROLLED_AT.toISOString(),
        lockedReason: null,
      },
      previous: expect.objectContaining({ id: section1!.lessons.at(-2)!.id, isLocked: false }),
      next: {
        id: section2!.lessons[0]!.id,
        moduleId: section2!.id,
        title: section2!.lessons[0]!.title,
        isLocked: true,
        completed: false,
        unlockDate: new Date(ENROLLED_AT.getTime() + DAY).toISOString(),
        lockedReason: 'schedule',
      },
    });

    const first = await navigationOf(member, section1!.lessons[0]!.id);
    expect(first.body.previous).toBeNull();
    expect(first.body.next?.id).toBe(section1!.lessons[1]!.id);
    const veryLast = outline.sections.at(-1)!.lessons.at(-1)!;
    expect((await navigationOf(member, veryLast.id)).body.next).toBeNull();
  });

  it('says a locked lesson is locked and when it opens, without its content, while a missing one is not found', async () => {
    clock.set(ENROLLED_AT);
    const section3 = outline.sections[2]!;
    const lesson = section3.lessons[1]!;
    // The lesson itself stays refused...
    const refused = await course.requestAs(member, `/api/lessons/${lesson.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: SECTION_LOCKED_MESSAGE });
    // ...and its place says when it opens, and nothing of what is inside.
    const { body, text } = await navigationOf(member, lesson.id);
    expect(body.section).toEqual({ id: section3.id, title: section3.title, number: 3 });
    expect(body.lesson).toMatchObject({
      id: lesson.id,
      isLocked: true,
      unlockDate: new Date(ENROLLED_AT.getTime() + 2 * DAY).toISOString(),
      lockedReason: 'schedule',
    });
    for (const secret of [lesson.content, ...lesson.keyPoints, lesson.videoUrl ?? 'member-lesson.mp4']) {
      expect(text).not.toContain(secret);
    }

    const missing = await course.requestAs(member, '/api/lessons/987654/navigation');
    expect({ status: missing.status, body: await missing.json() }).toEqual({
      status: 404,
      body: { message: LESSON_NOT_FOUND_MESSAGE },
    });
    const malformed = await course.requestAs(member, '/api/lessons/abc/navigation');
    expect(malformed.status).toBe(404);

    // On its day it opens, and the navigation says so too.
    clock.set(new Date(ENROLLED_AT.getTime() + 2 * DAY));
    expect((await navigationOf(member, lesson.id)).body.lesson).toMatchObject({
      isLocked: false,
      lockedReason: null,
    });
    expect((await course.requestAs(member, `/api/lessons/${lesson.id}`)).status).toBe(200);
  });

  it('tells an rs_pending member that the next section waits for the consultation', async () => {
    clock.set(new Date(ENROLLED_AT.getTime() + 3 * DAY));
    const owner = await enrol();
    await course.deliver(
      statusChanged(owner, { planStatus: 'rs_pending', consultationStatus: 'not_started' }, ENROLLED_AT),
    );
    const last = outline.sections[0]!.lessons.at(-1)!;
    expect((await navigationOf(owner, last.id)).body.next).toMatchObject({
      isLocked: true,
      lockedReason: 'consultation',
    });
  });

  it('opens every lesson to the admin, and refuses callers without the course as the lesson does', async () => {
    clock.set(ENROLLED_AT);
    const lesson = outline.sections[5]!.lessons[0]!;
    const admin = user('admin');
    const { body } = await navigationOf(admin, lesson.id);
    expect(body.lesson).toMatchObject({ isLocked: false, unlockDate: null, lockedReason: null });
    expect(body.previous).toMatchObject({ isLocked: false });
    expect(body.next).toMatchObject({ isLocked: false });

    // The admin reads every section and every lesson of the course, content included, on day 0.
    for (const section of outline.sections) {
      const read = await course.requestAs(admin, `/api/modules/${section.id}`);
      expect(await read.json()).toMatchObject({ isAvailable: true, lockedReason: null });
      for (const each of section.lessons) {
        const opened = await course.requestAs(admin, `/api/lessons/${each.id}`);
        expect({ id: each.id, status: opened.status }).toEqual({ id: each.id, status: 200 });
        expect(await opened.json()).toMatchObject({ isLocked: false, content: each.content });
      }
    }

    // Without the course: the first lesson of a section is open (as on `/`), its neighbours are for members.
    const free = user();
    const preview = await navigationOf(free, lesson.id);
    expect(preview.body.lesson).toMatchObject({ isLocked: false, lockedReason: null });
    expect(preview.body.previous).toMatchObject({
      isLocked: true,
      lockedReason: 'membership',
      unlockDate: null,
    });
    expect(preview.body.next).toMatchObject({ isLocked: true, lockedReason: 'membership', unlockDate: null });
    const notOpen = await course.requestAs(free, `/api/lessons/${lesson.id + 1}`);
    expect({ status: notOpen.status, body: await json(notOpen) }).toEqual({
      status: 403,
      body: { message: MEMBERSHIP_REQUIRED_MESSAGE },
    });
    expect((await course.requestAs(visitor, `/api/lessons/${lesson.id}/navigation`)).status).toBe(401);
  });
});
