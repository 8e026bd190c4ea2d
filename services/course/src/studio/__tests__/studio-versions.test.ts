/**
 * Two editors of one lesson or section (docs/behaviour/course-studio.md#course-editor): each save names the
 * version it was made from; a save made from a version another save already replaced is refused with 409
 * and changes nothing, so a stale tab never silently reverts (or re-drafts) what the other saved. Reorders
 * and a transcode finishing change no version: a save after them still goes through.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  COURSE_STUDIO_MESSAGES,
  StudioLessonSchema,
  StudioSectionListSchema,
  StudioSectionSchema,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { backings } from '../../__tests__/harness.js';
import { courseLessons, courseModules, lessonTranscodes } from '../../db/schema.js';
import { recordTranscodeResult } from '../../transcoding/transcodes.repository.js';
import { useStudioSuite } from './studio-call.js';

const NOW = new Date('2031-02-03T10:00:00.000Z');

describe.each(backings())('studio saves from an older version on $name', (factory) => {
  const { course, outline, admin, call } = useStudioSuite(factory, { at: NOW });

  /** The studio's outline, as a page loads it. */
  async function studio() {
    const answer = await call(admin, 'GET', `/api/courses/${outline.courseId}/modules`);
    return StudioSectionListSchema.parse(answer.body);
  }

  async function storedLesson(lessonId: number) {
    const [row] = await course.service.deps.db
      .select()
      .from(courseLessons)
      .where(eq(courseLessons.id, lessonId));
    return row!;
  }

  async function storedModule(moduleId: number) {
    const [row] = await course.service.deps.db
      .select()
      .from(courseModules)
      .where(eq(courseModules.id, moduleId));
    return row!;
  }

  /**
   * What two tabs of one lesson or section send: the first tab's save, the second tab's (which would
   * revert the first's title and re-draft the item), and the first tab's next save.
   */
  const editors = [
    {
      item: 'lesson',
      async open() {
        const opened = (await studio())[1]!.lessons[0]!;
        const form = { title: opened.title, videoUrl: opened.videoUrl ?? '', content: opened.content };
        return {
          version: opened.version,
          path: `/api/lessons/${opened.id}/video`,
          stored: () => storedLesson(opened.id),
          first: { ...form, title: 'Saved in the first tab', isPublished: true },
          second: { ...form, content: 'Typed in the second tab', isPublished: false },
          again: { ...form, title: 'Saved twice in the first tab' },
        };
      },
      parse: (body: unknown) => StudioLessonSchema.parse(body),
      refusal: COURSE_STUDIO_MESSAGES.lessonChanged,
    },
    {
      item: 'section',
      async open() {
        const opened = (await studio())[2]!;
        return {
          version: opened.version,
          path: `/api/modules/${opened.id}`,
          stored: () => storedModule(opened.id),
          first: { title: 'Saved in the first tab', isPublished: true },
          second: { title: opened.title, description: 'Typed in the second tab', isPublished: false },
          again: { title: 'Saved twice in the first tab' },
        };
      },
      parse: (body: unknown) => StudioSectionSchema.parse(body),
      refusal: COURSE_STUDIO_MESSAGES.moduleChanged,
    },
  ];

  it.each(editors)(
    'takes the first of two $item saves made from one version and refuses the second, changing nothing',
    async ({ open, parse, refusal }) => {
      const opened = await open();
      expect(opened.version).toBe(1);

      const first = await call(admin, 'PUT', opened.path, { ...opened.first, version: opened.version });
      expect(first.status).toBe(200);
      expect(parse(first.body)).toMatchObject({
        title: 'Saved in the first tab',
        version: opened.version + 1,
      });
      const afterFirst = await opened.stored();

      // The second tab still shows what it opened.
      const second = await call(admin, 'PUT', opened.path, { ...opened.second, version: opened.version });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ message: refusal });
      expect(await opened.stored()).toEqual(afterFirst);

      // The first tab saves again from the version its save answered.
      const again = await call(admin, 'PUT', opened.path, { ...opened.again, version: opened.version + 1 });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        title: 'Saved twice in the first tab',
        version: opened.version + 2,
      });
    },
  );

  it('still saves from the version read before a reorder of the sections and of the lessons', async () => {
    const before = await studio();
    const section = before[3]!;
    const lesson = section.lessons[0]!;
    const lessonIds = section.lessons.map((item) => item.id);
    expect(lessonIds.length).toBeGreaterThan(1);
    const reordered = await call(admin, 'PUT', `/api/modules/${section.id}/lessons/order`, {
      lessonIds: [...lessonIds].reverse(),
    });
    expect(reordered.status).toBe(200);
    const moduleIds = before.map((item) => item.id);
    expect(
      (
        await call(admin, 'PUT', `/api/courses/${outline.courseId}/modules/order`, {
          moduleIds: [...moduleIds].reverse(),
        })
      ).status,
    ).toBe(200);

    const lessonSave = await call(admin, 'PUT', `/api/lessons/${lesson.id}/video`, {
      title: 'Saved after a reorder',
      videoUrl: lesson.videoUrl ?? '',
      content: lesson.content,
      version: lesson.version,
    });
    expect(lessonSave.status).toBe(200);
    expect(lessonSave.body).toMatchObject({ version: lesson.version + 1 });
    const sectionSave = await call(admin, 'PUT', `/api/modules/${section.id}`, {
      title: 'Saved after a reorder',
      version: section.version,
    });
    expect(sectionSave.status).toBe(200);
    expect(sectionSave.body).toMatchObject({ version: section.version + 1 });
    expect(
      (await call(admin, 'PUT', `/api/courses/${outline.courseId}/modules/order`, { moduleIds })).status,
    ).toBe(200);
  });

  it("still saves from the version read before the lesson's video finished transcoding", async () => {
    const db = course.service.deps.db;
    const lesson = (await studio())[4]!.lessons[0]!;
    await db
      .update(courseLessons)
      .set({ videoUrl: 'member-lesson.mp4' })
      .where(eq(courseLessons.id, lesson.id));
    const opened = StudioLessonSchema.parse(
      (await studio()).flatMap((section) => section.lessons).find((item) => item.id === lesson.id),
    );
    // A transcode claimed by a worker (not due again for a day: the service's own job leaves it alone).
    const item = {
      id: randomUUID(),
      lessonId: lesson.id,
      sourceFile: 'member-lesson.mp4',
      status: 'queued' as const,
      attempts: 1,
      nextAttemptAt: new Date(Date.now() + 86_400_000),
      lockedUntil: new Date(Date.now() + 86_400_000),
      createdAt: NOW,
    };
    await db.insert(lessonTranscodes).values(item);
    expect(
      await recordTranscodeResult(db, item, {
        hlsKey: `course-media/hls/${lesson.id}/set/master.m3u8`,
        posterKey: `course-media/hls/${lesson.id}/set/poster.jpg`,
        durationMinutes: 0.2,
      }),
    ).toBe(true);
    expect(await storedLesson(lesson.id)).toMatchObject({ duration: 0.2, version: opened.version });

    const saved = await call(admin, 'PUT', `/api/lessons/${lesson.id}/video`, {
      title: 'Saved after the transcode',
      videoUrl: 'member-lesson.mp4',
      content: opened.content,
      version: opened.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Saved after the transcode', version: opened.version + 1 });
  });

  it('refuses a version that is not a whole number of 1 or more with 400, changing nothing', async () => {
    const lesson = (await studio())[0]!.lessons[0]!;
    const before = await storedLesson(lesson.id);
    for (const version of [0, -1, 1.5, '1', null]) {
      const answer = await call(admin, 'PUT', `/api/lessons/${lesson.id}/video`, {
        title: 'Never saved',
        videoUrl: lesson.videoUrl ?? '',
        content: lesson.content,
        version,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message: COURSE_STUDIO_MESSAGES.version });
    }
    expect(await storedLesson(lesson.id)).toEqual(before);
  });
});
