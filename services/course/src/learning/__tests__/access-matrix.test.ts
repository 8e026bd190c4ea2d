/**
 * Every member endpoint called as a visitor, a free account, a member of another course, a member of
 * the course (on day 0: only section 1 released) and an admin: each answer's status, and that nothing
 * locked (lesson text, key points, file names) reaches anyone who may not have it. An account without the
 * course opens what a visitor opens on `/` (the free lessons, the first of each section), nothing more. Then the progress
 * writes: validation, idempotence, resume position and completion rolling up to section and course.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  AvailableModuleListSchema,
  CourseListSchema,
  MEMBERSHIP_REQUIRED_MESSAGE,
  MemberLessonListSchema,
  MemberLessonSchema,
  SECTION_LOCKED_MESSAGE,
  type Caller,
} from '@platform/contracts';
import { and, eq } from 'drizzle-orm';
import { backings } from '../../__tests__/harness.js';
import { courseEnrollments, courseLessons, courseModules, courses, lessonProgress } from '../../db/schema.js';
import { granted, json, jsonRequest, user, useSeededCourse, visitor, type User } from './fixtures.js';

const ENROLLED_AT = new Date('2030-05-10T16:45:00.000Z');

type Who = 'visitor' | 'free' | 'otherMember' | 'member' | 'admin';
const WHO: Who[] = ['visitor', 'free', 'otherMember', 'member', 'admin'];
/** 200 or a 302 to the store (S3), whichever the backing serves video with. */
const STREAMS = 'stream';

describe.each(backings())('member endpoints on $name', (factory) => {
  const { course, outline, clock, enrol } = useSeededCourse(factory, { at: ENROLLED_AT });
  let other: { courseId: number; moduleId: number; lessonId: number };
  let hiddenCourseId: number;
  const callers = {} as Record<Who, Caller>;

  beforeAll(async () => {
    const db = course.service.deps.db;
    const [otherCourse] = await db
      .insert(courses)
      .values({ title: 'Bar Management', isPublished: true })
      .returning();
    const [otherModule] = await db
      .insert(courseModules)
      .values({ courseId: otherCourse!.id, title: 'Behind the Bar', orderIndex: 1 })
      .returning();
    const [otherLesson] = await db
      .insert(courseLessons)
      .values({
        moduleId: otherModule!.id,
        title: 'Pouring Costs',
        content: 'Measure every pour.',
        orderIndex: 1,
      })
      .returning();
    other = { courseId: otherCourse!.id, moduleId: otherModule!.id, lessonId: otherLesson!.id };
    const [hidden] = await db
      .insert(courses)
      .values({ title: 'Draft Course', isPublished: false })
      .returning();
    hiddenCourseId = hidden!.id;

    callers.visitor = visitor;
    callers.free = user();
    callers.otherMember = user();
    callers.member = user();
    callers.admin = user('admin');
    await course.deliver(granted(callers.otherMember as User, [other.courseId], ENROLLED_AT));
    await course.deliver(granted(callers.member as User, [outline.courseId], ENROLLED_AT));
  });

  const section1 = () => outline.sections[0]!;
  const section2 = () => outline.sections[1]!;
  /**
   * Texts and file names of everything locked for the member on day 0 (sections 2-8); for a caller without
   * the course, what a visitor may not open (the first lesson of each section is open to them).
   */
  const lockedSecrets = (who: Who) =>
    outline.sections
      .slice(1)
      .flatMap((section) => (who === 'member' ? section.lessons : section.lessons.slice(1)))
      .flatMap((lesson) => [
        lesson.content,
        ...lesson.keyPoints,
        'member-lesson.mp4',
        'restaurant-goals-workbook',
      ]);

  interface Row {
    name: string;
    call: () => [string, RequestInit?];
    expect: Record<Who, number | typeof STREAMS>;
  }

  const put = (positionSeconds: number): RequestInit => jsonRequest({ positionSeconds }, { method: 'PUT' });

  const rows: Row[] = [
    {
      name: 'GET /api/enrollments',
      call: () => ['/api/enrollments'],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/enrollments/dashboard',
      call: () => ['/api/enrollments/dashboard'],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/courses',
      call: () => ['/api/courses'],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/courses/:id',
      call: () => [`/api/courses/${outline.courseId}`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/courses/:id (unpublished)',
      call: () => [`/api/courses/${hiddenCourseId}`],
      expect: { visitor: 401, free: 404, otherMember: 404, member: 404, admin: 200 },
    },
    {
      name: 'GET /api/courses/:id/available-modules',
      call: () => [`/api/courses/${outline.courseId}/available-modules`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/modules/:id (released)',
      call: () => [`/api/modules/${section1().id}`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/modules/:id (locked)',
      call: () => [`/api/modules/${section2().id}`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/modules/:id/lessons (released)',
      call: () => [`/api/modules/${section1().id}/lessons`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/modules/:id/lessons (locked)',
      call: () => [`/api/modules/${section2().id}/lessons`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/lessons/:id (released)',
      call: () => [`/api/lessons/${section1().lessons[1]!.id}`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/lessons/:id (locked)',
      call: () => [`/api/lessons/${section2().lessons[1]!.id}`],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 403, admin: 200 },
    },
    {
      // Open to a visitor on `/`, so to a signed-in account without the course; the member waits for its day.
      name: 'GET /api/lessons/:id (first of a locked section)',
      call: () => [`/api/lessons/${section2().lessons[0]!.id}`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 403, admin: 200 },
    },
    {
      name: 'GET /api/lessons/:id/navigation (locked)',
      call: () => [`/api/lessons/${section2().lessons[0]!.id}/navigation`],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'PUT /api/lessons/:id/progress (released)',
      call: () => [`/api/lessons/${section1().lessons[1]!.id}/progress`, put(42.9)],
      expect: { visitor: 401, free: 204, otherMember: 204, member: 204, admin: 204 },
    },
    {
      name: 'PUT /api/lessons/:id/progress (locked)',
      call: () => [`/api/lessons/${section2().lessons[1]!.id}/progress`, put(5)],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 403, admin: 204 },
    },
    {
      name: 'POST /api/lessons/:id/complete (released)',
      call: () => [`/api/lessons/${section1().lessons[2]!.id}/complete`, { method: 'POST' }],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'POST /api/lessons/:id/complete (locked)',
      call: () => [`/api/lessons/${section2().lessons[1]!.id}/complete`, { method: 'POST' }],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 403, admin: 200 },
    },
    {
      name: 'POST /api/modules/:id/complete (locked)',
      call: () => [
        `/api/modules/${section2().id}/complete`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' } },
      ],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 403, admin: 200 },
    },
    {
      name: 'GET /api/video-stream/:file (released lesson)',
      call: () => ['/api/video-stream/free-preview-1.mp4', { redirect: 'manual' }],
      expect: { visitor: 401, free: STREAMS, otherMember: STREAMS, member: STREAMS, admin: STREAMS },
    },
    {
      name: 'GET /video-stream/:file (released lesson)',
      call: () => ['/video-stream/free-preview-2.mp4', { redirect: 'manual' }],
      expect: { visitor: 401, free: STREAMS, otherMember: STREAMS, member: STREAMS, admin: STREAMS },
    },
    {
      name: 'GET /api/video-stream/:file (locked lesson)',
      call: () => ['/api/video-stream/member-lesson.mp4', { redirect: 'manual' }],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 403, admin: STREAMS },
    },
    {
      name: 'GET /video-stream/:file (locked document)',
      call: () => ['/video-stream/restaurant-goals-workbook.pdf', { redirect: 'manual' }],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 403, admin: STREAMS },
    },
    {
      name: 'GET /api/video-stream/:captions (released lesson)',
      call: () => ['/api/video-stream/free-preview-1.vtt', { redirect: 'manual' }],
      expect: { visitor: 401, free: 200, otherMember: 200, member: 200, admin: 200 },
    },
    {
      name: 'GET /api/video-stream/:captions (locked lesson)',
      call: () => ['/api/video-stream/member-lesson.vtt', { redirect: 'manual' }],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 403, admin: 200 },
    },
    {
      name: 'POST /api/modules/:id/unlock-notice (released)',
      call: () => [`/api/modules/${section1().id}/unlock-notice`, { method: 'POST' }],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 204, admin: 204 },
    },
    {
      name: 'POST /api/modules/:id/unlock-notice (locked)',
      call: () => [`/api/modules/${section2().id}/unlock-notice`, { method: 'POST' }],
      expect: { visitor: 401, free: 403, otherMember: 403, member: 403, admin: 204 },
    },
    // Last: it enrols the member of the other course (a member may enrol in any published course).
    {
      name: 'POST /api/courses/:id/enroll',
      call: () => [`/api/courses/${outline.courseId}/enroll`, { method: 'POST' }],
      expect: { visitor: 401, free: 403, otherMember: 201, member: 200, admin: 201 },
    },
  ];

  it.each(rows)('$name answers each caller as the roles table says, leaking nothing locked', async (row) => {
    for (const who of WHO) {
      const [path, init] = row.call();
      const response = await course.requestAs(callers[who], path, init);
      const expected = row.expect[who];
      if (expected === STREAMS) expect([200, 302]).toContain(response.status);
      else expect({ who, status: response.status }).toEqual({ who, status: expected });
      const isMedia = (response.headers.get('content-type') ?? '').startsWith('video/');
      const body = response.status === 302 || isMedia ? '' : await response.text();
      if (response.status === 401) expect(JSON.parse(body)).toEqual({ message: 'Unauthorized' });
      if (response.status === 403 && who !== 'member') {
        expect(JSON.parse(body)).toEqual({ message: MEMBERSHIP_REQUIRED_MESSAGE });
      }
      if (response.status === 403 && who === 'member')
        expect(JSON.parse(body)).toEqual({ message: SECTION_LOCKED_MESSAGE });
      if (who !== 'admin') for (const secret of lockedSecrets(who)) expect(body).not.toContain(secret);
      expect(response.headers.get('cache-control') ?? '').toMatch(/private/);
    }
  });

  it('answers ids that name nothing with 404 and the resource named', async () => {
    const member = callers.member;
    for (const [path, message] of [
      ['/api/lessons/abc', 'Lesson not found'],
      ['/api/lessons/0', 'Lesson not found'],
      ['/api/lessons/99999999999', 'Lesson not found'],
      ['/api/lessons/2147483647', 'Lesson not found'],
      ['/api/modules/1.5', 'Module not found'],
      ['/api/modules/2147483647/lessons', 'Module not found'],
      ['/api/courses/-1', 'Course not found'],
      ['/api/courses/2147483647/available-modules', 'Course not found'],
      ['/api/video-stream/..%2F..%2Fetc%2Fpasswd', 'Video not found'],
      ['/api/video-stream/a/b.mp4', 'Video not found'],
    ] as const) {
      const response = await course.requestAs(member, path);
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 404,
        body: { message },
      });
    }
  });

  it('lets an account without the course watch the lessons a visitor watches on `/`, and nothing else', async () => {
    const free = user();
    const sections = AvailableModuleListSchema.parse(
      await json(await course.requestAs(free, `/api/courses/${outline.courseId}/available-modules`)),
    );
    expect(sections.map((section) => [section.isAvailable, section.lockedReason])).toEqual(
      outline.sections.map(() => [false, 'membership']),
    );
    const firstSection = MemberLessonListSchema.parse(
      await json(await course.requestAs(free, `/api/modules/${section1().id}/lessons`)),
    );
    expect(firstSection).toHaveLength(15);
    expect(firstSection.every((lesson) => !lesson.isLocked && lesson.videoUrl !== null)).toBe(true);
    const second = MemberLessonListSchema.parse(
      await json(await course.requestAs(free, `/api/modules/${section2().id}/lessons`)),
    );
    expect(second.map((lesson) => lesson.isLocked)).toEqual(second.map((_, index) => index > 0));
    expect(second[1]).toMatchObject({ content: null, videoUrl: null, keyPoints: [] });

    const lesson = MemberLessonSchema.parse(
      await json(await course.requestAs(free, `/api/lessons/${section1().lessons[0]!.id}`)),
    );
    expect(lesson.videoUrl).toBe('/api/video-stream/free-preview-1.mp4');
    const locked = await course.requestAs(free, `/api/lessons/${section2().lessons[1]!.id}`);
    expect({ status: locked.status, body: await locked.json() }).toEqual({
      status: 403,
      body: { message: MEMBERSHIP_REQUIRED_MESSAGE },
    });
    const finish = await course.requestAs(free, `/api/modules/${section1().id}/complete`, { method: 'POST' });
    expect({ status: finish.status, body: await finish.json() }).toEqual({
      status: 403,
      body: { message: MEMBERSHIP_REQUIRED_MESSAGE },
    });
  });

  it('opens nothing more to a former member than to any account without the course', async () => {
    const former = await enrol();
    const locked = section2().lessons[1]!;
    const db = course.service.deps.db;
    await db.insert(lessonProgress).values({
      userId: former.userId,
      lessonId: locked.id,
      completed: true,
      completedAt: ENROLLED_AT,
      lastAccessedAt: ENROLLED_AT,
    });
    expect((await course.requestAs(former, `/api/lessons/${locked.id}`)).status).toBe(200);
    await db
      .update(courseEnrollments)
      .set({ withdrawnAt: ENROLLED_AT })
      .where(
        and(eq(courseEnrollments.userId, former.userId), eq(courseEnrollments.courseId, outline.courseId)),
      );
    expect((await course.requestAs(former, `/api/lessons/${locked.id}`)).status).toBe(403);
    expect((await course.requestAs(former, `/api/lessons/${section1().lessons[4]!.id}`)).status).toBe(200);
  });

  it('keeps the resume position with one idempotent write, refusing bad positions without a change', async () => {
    const member = callers.member as User;
    const lesson = section1().lessons[3]!;
    const path = `/api/lessons/${lesson.id}/progress`;
    expect((await course.requestAs(member, path, put(61.4))).status).toBe(204);
    expect((await course.requestAs(member, path, put(61.4))).status).toBe(204);

    for (const [body, message] of [
      [{}, 'positionSeconds must be a number of seconds'],
      [{ positionSeconds: -1 }, 'positionSeconds must not be negative'],
      [{ positionSeconds: 86_401 }, 'positionSeconds is too large'],
      [{ positionSeconds: '12' }, 'positionSeconds must be a number of seconds'],
    ] as const) {
      const response = await course.requestAs(member, path, jsonRequest(body, { method: 'PUT' }));
      expect({
        status: response.status,
        message: ((await response.json()) as { message: string }).message,
      }).toEqual({
        status: 400,
        message,
      });
    }
    const extra = await course.requestAs(
      member,
      path,
      jsonRequest({ positionSeconds: 3, userId: 'someone-else' }, { method: 'PUT' }),
    );
    expect(extra.status).toBe(400);
    const notJson = await course.requestAs(member, path, { method: 'PUT', body: 'positionSeconds=3' });
    expect(notJson.status).toBe(400);

    const rows = await course.service.deps.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, member.userId), eq(lessonProgress.lessonId, lesson.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ positionSeconds: 61, completed: false });

    const list = CourseListSchema.parse(await json(await course.requestAs(member, '/api/courses')));
    expect(list.find((item) => item.id === outline.courseId)).toMatchObject({
      isEnrolled: true,
      enrolledAt: ENROLLED_AT.toISOString(),
      resume: { lessonId: lesson.id, moduleId: section1().id, positionSeconds: 61 },
    });
    const free = CourseListSchema.parse(await json(await course.requestAs(callers.free, '/api/courses')));
    expect(free.map((item) => item.id)).toEqual([outline.courseId, other.courseId]);
    expect(free.every((item) => !item.isEnrolled && item.resume === null)).toBe(true);

    const read = MemberLessonSchema.parse(
      await json(await course.requestAs(member, `/api/lessons/${lesson.id}`)),
    );
    expect(read).toMatchObject({ positionSeconds: 61, completed: false });
  });

  it('completes a lesson once, and the last lesson completes its section and the course', async () => {
    const member = callers.otherMember as User;
    clock.set(new Date(ENROLLED_AT.getTime() + 60_000));
    const first = MemberLessonSchema.parse(
      await json(
        await course.requestAs(member, `/api/lessons/${other.lessonId}/complete`, { method: 'POST' }),
      ),
    );
    expect(first).toMatchObject({ completed: true, completedAt: clock.now().toISOString() });
    clock.set(new Date(ENROLLED_AT.getTime() + 120_000));
    const again = MemberLessonSchema.parse(
      await json(
        await course.requestAs(member, `/api/lessons/${other.lessonId}/complete`, { method: 'POST' }),
      ),
    );
    expect(again.completedAt).toBe(first.completedAt);

    const module = await json(await course.requestAs(member, `/api/modules/${other.moduleId}`));
    expect(module).toMatchObject({
      isCompleted: true,
      completedAt: first.completedAt,
      completedLessonCount: 1,
    });
    const [enrolment] = await course.service.deps.db
      .select()
      .from(courseEnrollments)
      .where(
        and(eq(courseEnrollments.userId, member.userId), eq(courseEnrollments.courseId, other.courseId)),
      );
    expect(enrolment?.completedAt?.toISOString()).toBe(first.completedAt);
    clock.set(ENROLLED_AT);
  });

  it("marks an available section complete with 'Mark Section Complete', once", async () => {
    const member = callers.member;
    const path = `/api/modules/${section1().id}/complete`;
    const done = await course.requestAs(member, path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(done.status).toBe(200);
    const body = (await done.json()) as { isCompleted: boolean; completedAt: string };
    expect(body).toMatchObject({ isCompleted: true, completedAt: ENROLLED_AT.toISOString() });
    clock.set(new Date(ENROLLED_AT.getTime() + 5 * 60_000));
    const again = (await (await course.requestAs(member, path, { method: 'POST' })).json()) as typeof body;
    expect(again.completedAt).toBe(body.completedAt);
    clock.set(ENROLLED_AT);
  });
});
