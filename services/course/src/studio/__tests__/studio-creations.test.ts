/**
 * A section or lesson added again under the `requestId` of its first press (docs/behaviour/course-studio.md#api-calls):
 * the studio resends a creation whose answer was lost on the way; the service must answer the item it made
 * the first time and make no second one (members would see it twice once published), also when both
 * presses arrive at once. The same id with another body is 409 and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  CreateLessonRequestSchema,
  StudioLessonSchema,
  StudioSectionListSchema,
  StudioSectionSchema,
} from '@platform/contracts';
import type { Database } from '@platform/service-kit/db';
import { interleave } from '@platform/service-kit/testing';
import { asc, eq } from 'drizzle-orm';
import { backings } from '../../__tests__/harness.js';
import { courseLessons, courseModules } from '../../db/schema.js';
import { createLesson } from '../create-lesson.js';
import { useStudioSuite } from './studio-call.js';

const NOW = new Date('2031-02-03T10:00:00.000Z');

describe.each(backings())('studio creations sent again on $name', (factory) => {
  const { course, outline, admin, call } = useStudioSuite(factory, { at: NOW });

  async function storedRows() {
    const db = course.service.deps.db;
    return {
      modules: await db.select().from(courseModules).orderBy(asc(courseModules.id)),
      lessons: await db.select().from(courseLessons).orderBy(asc(courseLessons.id)),
    };
  }

  async function lessonsOf(moduleId: number) {
    return course.service.deps.db.select().from(courseLessons).where(eq(courseLessons.moduleId, moduleId));
  }

  async function newSection(title: string) {
    const created = await call(admin, 'POST', `/api/courses/${outline.courseId}/modules`, { title });
    expect(created.status).toBe(201);
    return StudioSectionSchema.parse(created.body);
  }

  it('adds a section sent again under its request id once, answering the section made the first time', async () => {
    const request = { title: 'Sent on poor Wi-Fi', requestId: randomUUID() };
    const path = `/api/courses/${outline.courseId}/modules`;
    const first = await call(admin, 'POST', path, request);
    expect(first.status).toBe(201);
    const made = StudioSectionSchema.parse(first.body);
    const sections = (await storedRows()).modules.length;

    const again = await call(admin, 'POST', path, request);
    expect(again.status).toBe(201);
    expect(StudioSectionSchema.parse(again.body)).toEqual(made);
    expect((await storedRows()).modules).toHaveLength(sections);

    // Another press of the page (a new id) is another section.
    const other = await call(admin, 'POST', path, { ...request, requestId: randomUUID() });
    expect(other.status).toBe(201);
    expect((other.body as { id: number }).id).not.toBe(made.id);
  });

  it('adds a lesson sent again under its request id once, answering the lesson made the first time', async () => {
    const section = await newSection('Lessons sent again');
    const path = `/api/modules/${section.id}/lessons`;
    const request = { title: 'Pricing a party', content: 'Cost per head.', requestId: randomUUID() };
    const first = await call(admin, 'POST', path, request);
    expect(first.status).toBe(201);
    const made = StudioLessonSchema.parse(first.body);

    const again = await call(admin, 'POST', path, request);
    expect(again.status).toBe(201);
    expect(StudioLessonSchema.parse(again.body)).toEqual(made);
    expect(await lessonsOf(section.id)).toHaveLength(1);

    // Edited and moved since: still the same creation, answered as the lesson is now.
    const edited = await call(admin, 'PUT', `/api/lessons/${made.id}/video`, {
      title: 'Pricing a party, edited',
      videoUrl: '',
      content: '',
    });
    expect(edited.status).toBe(200);
    const later = await call(admin, 'POST', path, request);
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ id: made.id, title: 'Pricing a party, edited' });
    expect(await lessonsOf(section.id)).toHaveLength(1);
  });

  it('refuses a request id sent again with another body or elsewhere with 409, changing nothing', async () => {
    const section = await newSection('Conflicting ids');
    const requestId = randomUUID();
    const lessons = `/api/modules/${section.id}/lessons`;
    expect((await call(admin, 'POST', lessons, { title: 'The first', requestId })).status).toBe(201);
    const before = await storedRows();

    for (const [path, body] of [
      [lessons, { title: 'Another title', requestId }],
      [lessons, { title: 'The first', isPublished: true, requestId }],
      [`/api/modules/${outline.sections[0]!.id}/lessons`, { title: 'The first', requestId }],
      [`/api/courses/${outline.courseId}/modules`, { title: 'The first', requestId }],
    ] as const) {
      const answer = await call(admin, 'POST', path, body);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 409,
        body: {
          message: 'This request id belongs to another addition',
          issues: [{ path: 'requestId', message: 'This request id belongs to another addition' }],
        },
      });
    }
    expect(await storedRows()).toEqual(before);
  });

  it('refuses a request id that is not a UUID with 400, changing nothing', async () => {
    const before = await storedRows();
    const answer = await call(admin, 'POST', `/api/courses/${outline.courseId}/modules`, {
      title: 'Bad id',
      requestId: 'again',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      issues: [{ path: 'requestId', message: 'The request id must be a UUID' }],
    });
    expect(await storedRows()).toEqual(before);
  });

  it('makes one section and one lesson of two presses arriving at once', async () => {
    const sectionRequest = { title: 'Pressed twice at once', requestId: randomUUID() };
    const sectionsPath = `/api/courses/${outline.courseId}/modules`;
    const sections = await Promise.all([
      call(admin, 'POST', sectionsPath, sectionRequest),
      call(admin, 'POST', sectionsPath, sectionRequest),
    ]);
    expect(sections.map((answer) => answer.status)).toEqual([201, 201]);
    const [one, two] = sections.map((answer) => StudioSectionSchema.parse(answer.body));
    expect(two).toEqual(one);
    const list = StudioSectionListSchema.parse((await call(admin, 'GET', sectionsPath)).body);
    expect(list.filter((item) => item.title === 'Pressed twice at once')).toHaveLength(1);

    const lessonRequest = { title: 'One lesson', requestId: randomUUID() };
    const lessonsPath = `/api/modules/${one!.id}/lessons`;
    const lessons = await Promise.all([
      call(admin, 'POST', lessonsPath, lessonRequest),
      call(admin, 'POST', lessonsPath, lessonRequest),
    ]);
    expect(lessons.map((answer) => answer.status)).toEqual([201, 201]);
    expect(lessons[1]!.body).toEqual(lessons[0]!.body);
    expect(await lessonsOf(one!.id)).toHaveLength(1);
  });

  if (factory.name.startsWith('PostgreSQL')) {
    it('makes one lesson when the second press arrives while the first is being stored', async () => {
      const section = await newSection('Raced lessons');
      const deps = course.service.deps;
      const input = CreateLessonRequestSchema.parse({ title: 'Raced', requestId: randomUUID() });
      const answers: unknown[] = [];
      // The second press waits for the course the first holds, then must find the lesson the first made.
      await interleave(
        deps.db,
        async (tx) => answers.push(await createLesson({ ...deps, db: tx as Database }, section.id, input)),
        async (tx) => answers.push(await createLesson({ ...deps, db: tx as Database }, section.id, input)),
      );
      expect(answers).toHaveLength(2);
      expect(answers[1]).toEqual(answers[0]);
      expect(await lessonsOf(section.id)).toHaveLength(1);
    });
  }
});
