/**
 * What the studio's changes do to everyone else, through the real service: drafts are invisible to members
 * and visitors everywhere (course page, member lists, lessons, navigation, counts, media) while the admin
 * still sees them; the catalogue's figures follow every change; reordering shows at once; and removing,
 * hiding or moving lessons and sections keeps members' progress and enrolments true (docs/decisions.md, 46).
 */
import { describe, expect, it } from '@jest/globals';
import {
  CourseCertificateIssuedSchema,
  CoursePreviewSchema,
  CourseSummarySchema,
  LessonNavigationSchema,
  MemberLessonListSchema,
  MyCertificateListSchema,
  ProductListSchema,
  type Caller,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { and, eq } from 'drizzle-orm';
import { backings } from '../../__tests__/harness.js';
import { courseEnrollments, lessonProgress, moduleProgress } from '../../db/schema.js';
import { user, type User, useSeededCourse } from '../../learning/__tests__/fixtures.js';
import { callAs } from './studio-call.js';

const ENROLLED_AT = new Date('2031-03-01T08:00:00.000Z');

describe.each(backings())('what the course studio changes for everyone on $name', (factory) => {
  // Every section released: the member may open anything published.
  const { course, outline, clock, enrol, modulesOf } = useSeededCourse(factory, {
    at: new Date(ENROLLED_AT.getTime() + 30 * DAY),
  });
  const admin = user('admin');

  /** Its status and body: what these checks compare. */
  async function call(caller: Caller, method: string, path: string, body?: unknown) {
    const { status, body: answered } = await callAs(course, caller, method, path, body);
    return { status, body: answered };
  }

  async function figures(caller: Caller) {
    const preview = CoursePreviewSchema.parse((await call(caller, 'GET', '/api/course-preview')).body);
    const products = ProductListSchema.parse((await call(caller, 'GET', '/api/products')).body).products;
    const summary = CourseSummarySchema.parse(
      (await call(caller, 'GET', `/api/courses/${outline.courseId}`)).body,
    );
    const includes = products.find((product) => product.includes?.courseId === outline.courseId)!.includes!;
    return {
      preview: { sections: preview.sectionCount, lessons: preview.lessonCount },
      products: { sections: includes.sections, lessons: includes.lessons },
      summary: { sections: summary.sectionCount, lessons: summary.lessonCount },
    };
  }

  const lessonPut = (lesson: {
    title: string;
    content: string;
    videoUrl: string | null;
    duration: number;
  }) => ({
    title: lesson.title,
    content: lesson.content,
    videoUrl: lesson.videoUrl ?? '',
    duration: Math.round(lesson.duration),
  });

  async function setLessonPublished(lessonId: number, isPublished: boolean) {
    const lesson = outline.sections
      .flatMap((section) => section.lessons)
      .find((item) => item.id === lessonId)!;
    const answer = await call(admin, 'PUT', `/api/lessons/${lessonId}/video`, {
      ...lessonPut(lesson),
      isPublished,
    });
    expect(answer.status).toBe(200);
  }

  async function setSectionPublished(moduleId: number, isPublished: boolean) {
    const section = outline.sections.find((item) => item.id === moduleId)!;
    const answer = await call(admin, 'PUT', `/api/modules/${moduleId}`, {
      title: section.title,
      isPublished,
    });
    expect(answer.status).toBe(200);
  }

  it('hides a draft lesson from members and visitors everywhere, and stops counting it', async () => {
    const member = await enrol(ENROLLED_AT);
    const section = outline.sections[1]!;
    // The section's first lesson: open to visitors on the course page.
    const draft = section.lessons[0]!;
    const next = section.lessons[1]!;
    const total = outline.sections.reduce((sum, item) => sum + item.lessons.length, 0);
    expect(await figures(member)).toEqual({
      preview: { sections: 8, lessons: total },
      products: { sections: 8, lessons: total },
      summary: { sections: 8, lessons: total },
    });

    await setLessonPublished(draft.id, false);

    const counted = { sections: 8, lessons: total - 1 };
    expect(await figures(member)).toEqual({ preview: counted, products: counted, summary: counted });
    // The admin's course card counts what members get, too.
    expect((await figures(admin)).summary).toEqual(counted);

    const preview = CoursePreviewSchema.parse((await call(member, 'GET', '/api/course-preview')).body);
    const previewSection = preview.sections.find((item) => item.id === section.id)!;
    expect(previewSection.lessons.map((lesson) => lesson.id)).not.toContain(draft.id);
    // The next lesson is now the section's first: open to visitors.
    expect(previewSection.lessons[0]).toMatchObject({ id: next.id, isOpen: true });
    expect(JSON.stringify(preview)).not.toContain(draft.title);

    const lessons = MemberLessonListSchema.parse(
      (await call(member, 'GET', `/api/modules/${section.id}/lessons`)).body,
    );
    expect(lessons.map((lesson) => lesson.id)).toEqual(section.lessons.slice(1).map((lesson) => lesson.id));
    const modules = await modulesOf(member);
    expect(modules.find((item) => item.id === section.id)!.lessonCount).toBe(section.lessons.length - 1);

    for (const path of [`/api/lessons/${draft.id}`, `/api/lessons/${draft.id}/navigation`]) {
      expect(await call(member, 'GET', path)).toEqual({ status: 404, body: { message: 'Lesson not found' } });
    }
    for (const [method, path] of [
      ['POST', `/api/lessons/${draft.id}/complete`],
      ['PUT', `/api/lessons/${draft.id}/progress`],
    ] as const) {
      const answer = await call(member, method, path, method === 'PUT' ? { positionSeconds: 3 } : undefined);
      expect(answer.status).toBe(404);
    }
    // Navigation steps over it: the last lesson of section 1 leads to the next published one.
    const before = outline.sections[0]!.lessons.at(-1)!;
    const navigation = LessonNavigationSchema.parse(
      (await call(member, 'GET', `/api/lessons/${before.id}/navigation`)).body,
    );
    expect(navigation.next?.id).toBe(next.id);

    // The admin still sees and opens it (the preview of every member page).
    expect((await call(admin, 'GET', `/api/lessons/${draft.id}`)).status).toBe(200);
    const adminLessons = MemberLessonListSchema.parse(
      (await call(admin, 'GET', `/api/modules/${section.id}/lessons`)).body,
    );
    expect(adminLessons.map((lesson) => lesson.id)).toContain(draft.id);

    await setLessonPublished(draft.id, true);
    const all = { sections: 8, lessons: total };
    expect(await figures(member)).toEqual({ preview: all, products: all, summary: all });
    expect((await call(member, 'GET', `/api/lessons/${draft.id}`)).status).toBe(200);
  });

  it('hides a draft section with all its lessons, and its files from the member video stream', async () => {
    const member = await enrol(ENROLLED_AT);
    // The last section: its workbook (a document no other lesson uses) is served only through it.
    const section = outline.sections[7]!;
    const workbook = section.lessons.find((lesson) => lesson.videoUrl === 'restaurant-goals-workbook.pdf')!;
    expect(workbook).toBeDefined();
    const stream = () =>
      course.requestAs(member, '/api/video-stream/restaurant-goals-workbook.pdf', { redirect: 'manual' });
    expect([200, 302]).toContain((await stream()).status);
    const total = outline.sections.reduce((sum, item) => sum + item.lessons.length, 0);

    await setSectionPublished(section.id, false);

    const counted = { sections: 7, lessons: total - section.lessons.length };
    expect(await figures(member)).toEqual({ preview: counted, products: counted, summary: counted });
    const modules = await modulesOf(member);
    expect(modules.map((item) => item.id)).toEqual(outline.sections.slice(0, 7).map((item) => item.id));
    for (const path of [`/api/modules/${section.id}`, `/api/modules/${section.id}/lessons`]) {
      expect(await call(member, 'GET', path)).toEqual({ status: 404, body: { message: 'Module not found' } });
    }
    expect((await call(member, 'GET', `/api/lessons/${workbook.id}`)).status).toBe(404);
    expect((await call(member, 'POST', `/api/modules/${section.id}/complete`, {})).status).toBe(404);
    expect((await stream()).status).toBe(403);
    const preview = CoursePreviewSchema.parse((await call(member, 'GET', '/api/course-preview')).body);
    expect(preview.sections.map((item) => item.id)).not.toContain(section.id);

    // The admin keeps the whole course.
    const adminModules = await modulesOf(admin);
    expect(adminModules).toHaveLength(8);

    await setSectionPublished(section.id, true);
    expect([200, 302]).toContain((await stream()).status);
  });

  it('shows a new order to members and visitors at once', async () => {
    const member = await enrol(ENROLLED_AT);
    const ids = outline.sections.map((section) => section.id);
    const swapped = [ids[1]!, ids[0]!, ...ids.slice(2)];
    expect(
      (await call(admin, 'PUT', `/api/courses/${outline.courseId}/modules/order`, { moduleIds: swapped }))
        .status,
    ).toBe(200);
    const preview = CoursePreviewSchema.parse((await call(member, 'GET', '/api/course-preview')).body);
    expect(preview.sections.map((section) => section.id)).toEqual(swapped);
    const modules = await modulesOf(member);
    expect(modules.map((section) => section.id)).toEqual(swapped);

    const section = outline.sections[2]!;
    const lessonIds = section.lessons.map((lesson) => lesson.id);
    const rotated = [...lessonIds.slice(1), lessonIds[0]!];
    expect(
      (await call(admin, 'PUT', `/api/modules/${section.id}/lessons/order`, { lessonIds: rotated })).status,
    ).toBe(200);
    const lessons = MemberLessonListSchema.parse(
      (await call(member, 'GET', `/api/modules/${section.id}/lessons`)).body,
    );
    expect(lessons.map((lesson) => lesson.id)).toEqual(rotated);

    // Back as it was, for the other tests.
    await call(admin, 'PUT', `/api/courses/${outline.courseId}/modules/order`, { moduleIds: ids });
    await call(admin, 'PUT', `/api/modules/${section.id}/lessons/order`, { lessonIds });
  });

  it('keeps progress when a lesson moves to another section, and finishes the section it left', async () => {
    const member = await enrol(ENROLLED_AT);
    const from = outline.sections[3]!;
    const to = outline.sections[4]!;
    const [moved, ...rest] = from.lessons;
    // The member did every lesson of the section but the one that moves, and the moving one halfway.
    for (const lesson of rest) {
      expect((await call(member, 'POST', `/api/lessons/${lesson.id}/complete`)).status).toBe(200);
    }
    expect(
      (await call(member, 'PUT', `/api/lessons/${moved!.id}/progress`, { positionSeconds: 40 })).status,
    ).toBe(204);

    const order = [...to.lessons.map((lesson) => lesson.id), moved!.id];
    const answer = await call(admin, 'PUT', `/api/modules/${to.id}/lessons/order`, { lessonIds: order });
    expect(answer.status).toBe(200);

    const modules = await modulesOf(member);
    expect(modules.find((item) => item.id === from.id)).toMatchObject({
      isCompleted: true,
      lessonCount: rest.length,
      completedLessonCount: rest.length,
    });
    expect(modules.find((item) => item.id === to.id)).toMatchObject({
      isCompleted: false,
      lessonCount: to.lessons.length + 1,
    });
    const lessons = MemberLessonListSchema.parse(
      (await call(member, 'GET', `/api/modules/${to.id}/lessons`)).body,
    );
    expect(lessons.at(-1)).toMatchObject({
      id: moved!.id,
      moduleId: to.id,
      positionSeconds: 40,
      completed: false,
    });

    // Back where it was.
    await call(admin, 'PUT', `/api/modules/${from.id}/lessons/order`, {
      lessonIds: from.lessons.map((lesson) => lesson.id),
    });
  });

  it('removes a lesson with its progress, and completes the section for whoever did all the others', async () => {
    const member = await enrol(ENROLLED_AT);
    const other = await enrol(ENROLLED_AT);
    const section = outline.sections[5]!;
    const [removed, ...rest] = section.lessons;
    for (const lesson of rest) {
      expect((await call(member, 'POST', `/api/lessons/${lesson.id}/complete`)).status).toBe(200);
    }
    // The other member only did the lesson that goes.
    expect((await call(other, 'POST', `/api/lessons/${removed!.id}/complete`)).status).toBe(200);

    expect((await call(admin, 'DELETE', `/api/lessons/${removed!.id}`)).status).toBe(204);

    const db = course.service.deps.db;
    expect(await db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, removed!.id))).toEqual(
      [],
    );
    const completion = async (who: User) =>
      (
        await db
          .select()
          .from(moduleProgress)
          .where(and(eq(moduleProgress.userId, who.userId), eq(moduleProgress.moduleId, section.id)))
      )[0];
    expect(await completion(member)).toMatchObject({ completed: true, completedAt: clock.now() });
    expect(await completion(other)).toBeUndefined();
    const modules = await modulesOf(member);
    expect(modules.find((item) => item.id === section.id)).toMatchObject({
      isCompleted: true,
      lessonCount: rest.length,
      completedLessonCount: rest.length,
    });
    // Both keep their enrolment.
    for (const who of [member, other]) {
      const enrolments = await db
        .select()
        .from(courseEnrollments)
        .where(eq(courseEnrollments.userId, who.userId));
      expect(enrolments).toHaveLength(1);
      expect(enrolments[0]!.withdrawnAt).toBeNull();
    }
    // A lesson added to the finished section does not reopen it (docs/decisions.md, 46).
    const added = await call(admin, 'POST', `/api/modules/${section.id}/lessons`, {
      title: 'Late addition',
      isPublished: true,
    });
    expect(added.status).toBe(201);
    expect(await completion(member)).toMatchObject({ completed: true });
  });

  it('issues the certificate of a member whose course a studio change finished, with its e-mail', async () => {
    const member = await enrol(ENROLLED_AT);
    const created = await call(admin, 'POST', `/api/courses/${outline.courseId}/modules`, {
      title: 'Bonus day',
      isPublished: true,
    });
    const extra = created.body as { id: number };
    expect(
      (await call(admin, 'POST', `/api/modules/${extra.id}/lessons`, { title: 'Bonus', isPublished: true }))
        .status,
    ).toBe(201);
    for (const section of (await modulesOf(member)).filter((item) => item.id !== extra.id)) {
      expect((await call(member, 'POST', `/api/modules/${section.id}/complete`, {})).status).toBe(200);
    }
    const certificatesOf = async (who: User) =>
      MyCertificateListSchema.parse((await call(who, 'GET', '/api/certificates')).body);
    expect(await certificatesOf(member)).toEqual([]);

    // The one section left goes: every section the member sees is done, so the course is finished.
    expect((await call(admin, 'DELETE', `/api/modules/${extra.id}`)).status).toBe(204);

    const issued = await certificatesOf(member);
    expect(issued).toEqual([
      expect.objectContaining({ courseId: outline.courseId, issuedAt: clock.now().toISOString() }),
    ]);
    const events = (await course.events('course.certificate.issued'))
      .map((row) => CourseCertificateIssuedSchema.parse(row.data))
      .filter((event) => event.userId === member.userId);
    expect(events).toEqual([expect.objectContaining({ certificateId: issued[0]!.id, email: member.email })]);
    // The admin's own progress (the preview) earns nothing, and another change issues nothing more.
    expect(await certificatesOf(admin)).toEqual([]);
    expect(
      (
        await call(admin, 'PUT', `/api/modules/${outline.sections[0]!.id}`, {
          title: outline.sections[0]!.title,
        })
      ).status,
    ).toBe(200);
    expect(await certificatesOf(member)).toHaveLength(1);
  });

  it('removes a section with its progress, finishing the course for whoever did every other section', async () => {
    const member = await enrol(ENROLLED_AT);
    // A scratch section with one lesson, published, that the member never touches.
    const created = await call(admin, 'POST', `/api/courses/${outline.courseId}/modules`, {
      title: 'Extra day',
      isPublished: true,
    });
    const extra = created.body as { id: number };
    const lesson = await call(admin, 'POST', `/api/modules/${extra.id}/lessons`, {
      title: 'Extra lesson',
      isPublished: true,
    });
    expect(lesson.status).toBe(201);
    // Every section of the course but the new one.
    const modules = await modulesOf(member);
    for (const section of modules.filter((item) => item.id !== extra.id)) {
      expect((await call(member, 'POST', `/api/modules/${section.id}/complete`, {})).status).toBe(200);
    }
    const db = course.service.deps.db;
    const enrolment = async () =>
      (await db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, member.userId)))[0]!;
    expect((await enrolment()).completedAt).toBeNull();

    // Hiding the section already counts: every section members see is done.
    expect(
      (await call(admin, 'PUT', `/api/modules/${extra.id}`, { title: 'Extra day', isPublished: false }))
        .status,
    ).toBe(200);
    expect((await enrolment()).completedAt).toEqual(clock.now());

    expect((await call(admin, 'DELETE', `/api/modules/${extra.id}`)).status).toBe(204);
    expect(await db.select().from(moduleProgress).where(eq(moduleProgress.moduleId, extra.id))).toEqual([]);
    expect(await enrolment()).toMatchObject({ completedAt: clock.now(), withdrawnAt: null });
    const after = await modulesOf(member);
    expect(after.every((item) => item.isCompleted)).toBe(true);
  });
});
