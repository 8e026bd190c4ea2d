/**
 * The course studio's calls through the real service: who may use each (visitor 401, member 403, admin),
 * what each answers and stores, that bad input is a 400 naming the problem and changes nothing, that ids
 * naming nothing are 404, that a new uploaded video is queued for transcoding, and that every change
 * announces the catalogue again.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  COURSE_STUDIO_MESSAGES,
  CourseMediaListSchema,
  CoursePreviewSchema,
  MemberLessonSchema,
  StudioLessonSchema,
  StudioSectionListSchema,
  StudioSectionSchema,
  type Caller,
  type StudioSectionList,
} from '@platform/contracts';
import { asc, eq } from 'drizzle-orm';
import { backings } from '../../__tests__/harness.js';
import {
  courseLessons,
  courseModules,
  lessonTranscodes,
  outboxEvents,
  type LessonTranscodeRow,
} from '../../db/schema.js';
import { granted, json, user, visitor } from '../../learning/__tests__/fixtures.js';
import { useStudioSuite } from './studio-call.js';

const NOW = new Date('2031-02-03T10:00:00.000Z');
const NOWHERE = 2_147_483_647;

describe.each(backings())('course studio calls on $name', (factory) => {
  const { course, outline, admin, call } = useStudioSuite(factory, { at: NOW });
  const member = user();

  beforeAll(async () => {
    await course.deliver(granted(member, [outline.courseId], NOW));
  });

  /**
   * Every section and lesson row as stored, to prove a refused call changed nothing. The transcoding job
   * works in the background on the videos earlier tests set: what it writes (its progress, and a finished
   * lesson's renditions and real duration) is left out.
   */
  async function snapshot() {
    const db = course.service.deps.db;
    const transcodes = await db.select().from(lessonTranscodes).orderBy(asc(lessonTranscodes.id));
    const transcoded = new Set(transcodes.map((row) => row.lessonId));
    const lessons = await db.select().from(courseLessons).orderBy(asc(courseLessons.id));
    return {
      modules: await db.select().from(courseModules).orderBy(asc(courseModules.id)),
      lessons: lessons.map(({ hlsUrl, posterUrl, duration, updatedAt, ...lesson }) => ({
        ...lesson,
        ...(!transcoded.has(lesson.id) && { hlsUrl, posterUrl, duration, updatedAt }),
      })),
      transcodes: transcodes.map((row) => ({
        id: row.id,
        lessonId: row.lessonId,
        sourceFile: row.sourceFile,
        superseded: row.status === 'superseded',
      })),
    };
  }

  async function cataloguePublications(): Promise<number> {
    const rows = await course.service.deps.db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'course.catalogue.published'));
    return rows.length;
  }

  async function transcodesOf(lessonId: number): Promise<LessonTranscodeRow[]> {
    return course.service.deps.db
      .select()
      .from(lessonTranscodes)
      .where(eq(lessonTranscodes.lessonId, lessonId))
      .orderBy(asc(lessonTranscodes.createdAt));
  }

  async function studioList(): Promise<StudioSectionList> {
    const answer = await call(admin, 'GET', `/api/courses/${outline.courseId}/modules`);
    expect(answer.status).toBe(200);
    return StudioSectionListSchema.parse(answer.body);
  }

  /** A throwaway section with two lessons, for calls that remove or reorder. */
  async function scratchSection(title: string) {
    const section = StudioSectionSchema.parse(
      (await call(admin, 'POST', `/api/courses/${outline.courseId}/modules`, { title })).body,
    );
    const first = StudioLessonSchema.parse(
      (await call(admin, 'POST', `/api/modules/${section.id}/lessons`, { title: `${title} one` })).body,
    );
    const second = StudioLessonSchema.parse(
      (await call(admin, 'POST', `/api/modules/${section.id}/lessons`, { title: `${title} two` })).body,
    );
    return { section, first, second };
  }

  it('lists every section in order with every lesson in order, drafts included, for the admin only', async () => {
    const sections = await studioList();
    expect(sections.map((section) => section.id)).toEqual(outline.sections.map((section) => section.id));
    expect(sections.map((section) => section.orderIndex)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const [index, section] of sections.entries()) {
      expect(section.lessons.map((lesson) => lesson.id)).toEqual(
        outline.sections[index]!.lessons.map((lesson) => lesson.id),
      );
    }
    const first = sections[0]!.lessons[0]!;
    expect(first).toMatchObject({
      videoUrl: 'free-preview-1.mp4',
      kind: 'video',
      mediaUrl: '/api/video-stream/free-preview-1.mp4',
      captionsFile: 'free-preview-1.vtt',
      isFree: true,
      isPublished: true,
      hlsUrl: null,
      transcode: null,
    });
    expect(first.keyPoints.length).toBeGreaterThan(0);

    const { status, body } = await call(admin, 'GET', `/api/courses/${NOWHERE}/modules`);
    expect({ status, body }).toEqual({ status: 404, body: { message: 'Course not found' } });
  });

  it('refuses every call to visitors (401) and members (403) before reading anything, changing nothing', async () => {
    const { section, first, second } = await scratchSection('Access matrix');
    const s1 = outline.sections[0]!;
    const before = await snapshot();
    const publications = await cataloguePublications();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/courses/${outline.courseId}/modules`],
      ['POST', `/api/courses/${outline.courseId}/modules`, { title: 'Sneaky' }],
      ['PUT', `/api/courses/${outline.courseId}/modules/order`, { moduleIds: [section.id] }],
      ['PUT', `/api/modules/${s1.id}`, { title: 'Renamed by a member' }],
      ['DELETE', `/api/modules/${section.id}`],
      ['POST', `/api/modules/${section.id}/lessons`, { title: 'Sneaky lesson' }],
      ['PUT', `/api/modules/${section.id}/lessons/order`, { lessonIds: [second.id, first.id] }],
      [
        'PUT',
        `/api/lessons/${first.id}/video`,
        { title: 'Hijacked', videoUrl: '', content: '', duration: 1 },
      ],
      ['DELETE', `/api/lessons/${first.id}`],
      ['GET', '/api/course-media'],
      // Bad ids and bad bodies too: the role is checked first.
      ['PUT', '/api/modules/abc', { title: '' }],
      ['PUT', `/api/lessons/${first.id}/video`, 'not json'],
    ];
    /** `caller`'s answer to the call, checked to be `status` with `message`. */
    const refused = async (
      caller: Caller,
      [method, path, body]: (typeof calls)[number],
      status: number,
      message: string,
    ) => {
      const answer = await call(caller, method, path, body);
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({
        method,
        path,
        status,
        body: { message },
      });
      return answer;
    };
    for (const request of calls) {
      await refused(visitor, request, 401, 'Unauthorized');
      const asMember = await refused(member, request, 403, 'Access denied');
      expect(asMember.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(await snapshot()).toEqual(before);
    expect(await cataloguePublications()).toBe(publications);
  });

  it('renames a section and edits its extras (PUT /api/modules/:id), announcing the catalogue', async () => {
    const section = outline.sections[1]!;
    const publications = await cataloguePublications();
    const renamed = await call(admin, 'PUT', `/api/modules/${section.id}`, { title: '  Day Two: Service  ' });
    expect(renamed.status).toBe(200);
    expect(StudioSectionSchema.parse(renamed.body)).toMatchObject({
      id: section.id,
      title: 'Day Two: Service',
      description: section.description,
      availableAfterDays: section.availableAfterDays,
      isPublished: true,
    });
    expect(StudioSectionSchema.parse(renamed.body).lessons).toHaveLength(section.lessons.length);

    const extras = await call(admin, 'PUT', `/api/modules/${section.id}`, {
      title: 'Day Two: Service',
      description: 'How the floor runs.',
      availableAfterDays: 3,
      isPublished: true,
    });
    expect(extras.body).toMatchObject({ description: 'How the floor runs.', availableAfterDays: 3 });
    expect(await cataloguePublications()).toBe(publications + 2);
    const [stored] = await course.service.deps.db
      .select()
      .from(courseModules)
      .where(eq(courseModules.id, section.id));
    expect(stored).toMatchObject({ title: 'Day Two: Service', availableAfterDays: 3 });
  });

  it('edits a lesson (PUT /api/lessons/:id/video) with every kind of media the spec allows', async () => {
    const lesson = outline.sections[2]!.lessons[2]!;
    const path = `/api/lessons/${lesson.id}/video`;
    const base = { title: 'Costing a Plate', content: 'Weigh it.', duration: 12 };
    for (const [videoUrl, stored, kind] of [
      [
        'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        'youtube',
      ],
      ['https://vimeo.com/76979871', 'https://vimeo.com/76979871', 'video'],
      ['restaurant-goals-workbook.pdf', 'restaurant-goals-workbook.pdf', 'document'],
      ['https://example.com/files/menu-guide.docx', 'https://example.com/files/menu-guide.docx', 'document'],
      ['  course-media/member-lesson.mp4 ', 'member-lesson.mp4', 'video'],
      ['', null, 'video'],
    ] as const) {
      const answer = await call(admin, 'PUT', path, { ...base, videoUrl });
      expect({ videoUrl, status: answer.status }).toEqual({ videoUrl, status: 200 });
      expect(StudioLessonSchema.parse(answer.body)).toMatchObject({ videoUrl: stored, kind });
    }
    const full = await call(admin, 'PUT', path, {
      ...base,
      videoUrl: 'member-lesson.mp4',
      duration: 0,
      keyPoints: [' Weigh every portion ', 'Price from cost'],
      isFree: true,
      captionsFile: 'member-lesson.vtt',
      isPublished: false,
    });
    expect(full.status).toBe(200);
    expect(StudioLessonSchema.parse(full.body)).toMatchObject({
      id: lesson.id,
      title: 'Costing a Plate',
      content: 'Weigh it.',
      // The sample's measured 12 seconds, not the minutes sent.
      durationSeconds: 12,
      keyPoints: ['Weigh every portion', 'Price from cost'],
      isFree: true,
      captionsFile: 'member-lesson.vtt',
      isPublished: false,
    });
    // Extras left out keep their values; captions can be removed with an empty name.
    const partial = await call(admin, 'PUT', path, {
      ...base,
      videoUrl: 'member-lesson.mp4',
      captionsFile: '',
    });
    expect(partial.body).toMatchObject({
      keyPoints: ['Weigh every portion', 'Price from cost'],
      isFree: true,
      isPublished: false,
      captionsFile: null,
      durationSeconds: 12,
    });
  });

  it("gives a lesson pointed at a new video that video's captions, not the old one's", async () => {
    const lesson = outline.sections[0]!.lessons[0]!;
    expect(lesson).toMatchObject({ videoUrl: 'free-preview-1.mp4', captionsFile: 'free-preview-1.vtt' });
    const path = `/api/lessons/${lesson.id}/video`;
    // What the editor sends: the form's captions field still holds the old video's file.
    const body = {
      title: lesson.title,
      content: lesson.content,
      duration: 0,
      captionsFile: 'free-preview-1.vtt',
    };
    const moved = await call(admin, 'PUT', path, { ...body, videoUrl: 'member-lesson.mp4' });
    expect(StudioLessonSchema.parse(moved.body)).toMatchObject({
      videoUrl: 'member-lesson.mp4',
      captionsFile: 'member-lesson.vtt',
    });
    const open = MemberLessonSchema.parse(
      await json(await course.requestAs(member, `/api/lessons/${lesson.id}`)),
    );
    expect(open.captionsUrl).toBe('/api/video-stream/member-lesson.vtt');

    // A video without captions of its own has none.
    const linked = await call(admin, 'PUT', path, {
      ...body,
      captionsFile: 'member-lesson.vtt',
      videoUrl: 'https://vimeo.com/76979871',
    });
    expect(StudioLessonSchema.parse(linked.body)).toMatchObject({ captionsFile: null });
    // Captions the admin picks together with the new video are kept.
    const picked = await call(admin, 'PUT', path, {
      ...body,
      captionsFile: 'introduction.vtt',
      videoUrl: 'free-preview-1.mp4',
    });
    expect(StudioLessonSchema.parse(picked.body)).toMatchObject({ captionsFile: 'introduction.vtt' });
    // The same video saved again keeps whatever captions the form holds.
    const same = await call(admin, 'PUT', path, {
      ...body,
      captionsFile: 'introduction.vtt',
      videoUrl: 'free-preview-1.mp4',
    });
    expect(StudioLessonSchema.parse(same.body)).toMatchObject({ captionsFile: 'introduction.vtt' });
    await call(admin, 'PUT', path, { ...body, videoUrl: 'free-preview-1.mp4' });
  });

  it("keeps a lesson's length its media's: the minutes the studio sends change nothing", async () => {
    const lesson = outline.sections[2]!.lessons[1]!;
    const path = `/api/lessons/${lesson.id}/video`;
    const db = course.service.deps.db;
    // A transcode measured the video: 12 s, 0.2 minutes.
    await db
      .update(courseLessons)
      .set({ videoUrl: 'member-lesson.mp4', duration: 0.2 })
      .where(eq(courseLessons.id, lesson.id));
    const body = { title: 'Renamed Only', videoUrl: 'member-lesson.mp4', content: 'Text', duration: 0 };
    const renamed = await call(admin, 'PUT', path, body);
    expect(renamed.status).toBe(200);
    expect(StudioLessonSchema.parse(renamed.body)).toMatchObject({
      title: 'Renamed Only',
      durationSeconds: 12,
    });
    // Typed minutes are not a length: nothing is made up.
    const typed = await call(admin, 'PUT', path, { ...body, duration: 7 });
    expect(StudioLessonSchema.parse(typed.body)).toMatchObject({ duration: 0.2, durationSeconds: 12 });
    // A link has no known length (until someone measures it, none is shown) ...
    const linked = await call(admin, 'PUT', path, {
      ...body,
      videoUrl: 'https://vimeo.com/76979871',
      duration: 7,
    });
    expect(StudioLessonSchema.parse(linked.body)).toMatchObject({ duration: 0, durationSeconds: null });
    // ... and a shipped sample brings its own.
    const sample = await call(admin, 'PUT', path, { ...body, videoUrl: 'free-preview-1.mp4' });
    expect(StudioLessonSchema.parse(sample.body)).toMatchObject({ durationSeconds: 12 });
    // The member and the visitor are given the same seconds.
    const preview = CoursePreviewSchema.parse(await json(await course.request('/api/course-preview')));
    const shown = preview.sections
      .flatMap((section) => section.lessons)
      .find((each) => each.id === lesson.id);
    expect(shown).toMatchObject({ durationSeconds: 12 });
  });

  it('refuses bad lesson input with 400 and a clear message, changing nothing', async () => {
    const lesson = outline.sections[3]!.lessons[1]!;
    const path = `/api/lessons/${lesson.id}/video`;
    const good = { title: 'Fine', videoUrl: 'member-lesson.mp4', content: 'Text', duration: 5 };
    const before = await snapshot();
    const publications = await cataloguePublications();
    const cases: [unknown, string][] = [
      [{ ...good, title: '   ' }, COURSE_STUDIO_MESSAGES.titleRequired],
      [{ ...good, title: 'x'.repeat(201) }, COURSE_STUDIO_MESSAGES.titleTooLong],
      [{ ...good, duration: -1 }, COURSE_STUDIO_MESSAGES.duration],
      [{ ...good, duration: 1.5 }, COURSE_STUDIO_MESSAGES.duration],
      [{ ...good, duration: '12' }, COURSE_STUDIO_MESSAGES.duration],
      [{ ...good, duration: 1441 }, COURSE_STUDIO_MESSAGES.duration],
      [{ ...good, videoUrl: 'https://example.com/video.mp4' }, COURSE_STUDIO_MESSAGES.videoLinkHost],
      [{ ...good, videoUrl: 'https://www.youtube.com/channel/UC' }, COURSE_STUDIO_MESSAGES.videoLinkHost],
      [{ ...good, videoUrl: 'installer.exe' }, COURSE_STUDIO_MESSAGES.videoUrl],
      [{ ...good, videoUrl: 'javascript:alert(1)' }, COURSE_STUDIO_MESSAGES.videoUrl],
      [{ ...good, videoUrl: '../../etc/passwd.mp4' }, COURSE_STUDIO_MESSAGES.fileName],
      [{ ...good, videoUrl: 'videos/lesson.mp4' }, COURSE_STUDIO_MESSAGES.fileName],
      [
        { ...good, videoUrl: 'lesson-that-was-never-uploaded.mp4' },
        COURSE_STUDIO_MESSAGES.noSuchFile('lesson-that-was-never-uploaded.mp4'),
      ],
      [{ ...good, captionsFile: 'captions.srt' }, COURSE_STUDIO_MESSAGES.captions],
      [{ ...good, captionsFile: 'missing.vtt' }, COURSE_STUDIO_MESSAGES.noSuchFile('missing.vtt')],
      [{ ...good, keyPoints: ['ok', '  '] }, COURSE_STUDIO_MESSAGES.keyPoint],
      [
        { ...good, keyPoints: Array.from({ length: 21 }, (_, i) => `Point ${i}`) },
        COURSE_STUDIO_MESSAGES.keyPoints,
      ],
      [{ ...good, isPublished: 'yes' }, 'isPublished must be true or false'],
      [{ ...good, isFree: 1 }, 'isFree must be true or false'],
      [{ ...good, hlsUrl: 'x.m3u8' }, 'Unrecognized key: "hlsUrl"'],
      [{ title: 'Missing the rest' }, COURSE_STUDIO_MESSAGES.videoUrl],
    ];
    for (const [body, message] of cases) {
      const answer = await call(admin, 'PUT', path, body);
      expect({ body, status: answer.status, message: (answer.body as { message: string }).message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect((await call(admin, 'PUT', path, 'title=Fine')).status).toBe(400);
    const moduleCases: [unknown, string][] = [
      [{ title: '' }, COURSE_STUDIO_MESSAGES.titleRequired],
      [{}, COURSE_STUDIO_MESSAGES.titleRequired],
      [{ title: 'Ok', availableAfterDays: -1 }, COURSE_STUDIO_MESSAGES.releaseDay],
      [{ title: 'Ok', availableAfterDays: 1.5 }, COURSE_STUDIO_MESSAGES.releaseDay],
      [{ title: 'Ok', availableAfterDays: 366 }, COURSE_STUDIO_MESSAGES.releaseDay],
      [{ title: 'Ok', description: 'x'.repeat(2001) }, COURSE_STUDIO_MESSAGES.descriptionTooLong],
    ];
    for (const [body, message] of moduleCases) {
      for (const [method, target] of [
        ['PUT', `/api/modules/${outline.sections[3]!.id}`],
        ['POST', `/api/courses/${outline.courseId}/modules`],
      ] as const) {
        const answer = await call(admin, method, target, body);
        expect({
          target,
          body,
          status: answer.status,
          message: (answer.body as { message: string }).message,
        }).toEqual({
          target,
          body,
          status: 400,
          message,
        });
      }
    }
    expect(
      (await call(admin, 'POST', `/api/modules/${outline.sections[3]!.id}/lessons`, { title: '' })).status,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await cataloguePublications()).toBe(publications);
  });

  it('answers ids that name nothing with 404 and the resource named', async () => {
    const lessonBody = { title: 'T', videoUrl: '', content: '', duration: 0 };
    for (const [method, path, body, message] of [
      ['PUT', `/api/modules/${NOWHERE}`, { title: 'T' }, 'Module not found'],
      ['PUT', '/api/modules/abc', { title: 'T' }, 'Module not found'],
      ['DELETE', `/api/modules/${NOWHERE}`, undefined, 'Module not found'],
      ['POST', `/api/modules/${NOWHERE}/lessons`, { title: 'T' }, 'Module not found'],
      ['PUT', `/api/modules/${NOWHERE}/lessons/order`, { lessonIds: [1] }, 'Module not found'],
      ['PUT', `/api/lessons/${NOWHERE}/video`, lessonBody, 'Lesson not found'],
      ['PUT', '/api/lessons/0/video', lessonBody, 'Lesson not found'],
      ['DELETE', `/api/lessons/${NOWHERE}`, undefined, 'Lesson not found'],
      ['POST', `/api/courses/${NOWHERE}/modules`, { title: 'T' }, 'Course not found'],
      ['PUT', `/api/courses/${NOWHERE}/modules/order`, { moduleIds: [1] }, 'Course not found'],
    ] as const) {
      const answer = await call(admin, method, path, body);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 404,
        body: { message },
      });
    }
  });

  it('adds sections and lessons at the end as drafts, and removes them', async () => {
    const created = await call(admin, 'POST', `/api/courses/${outline.courseId}/modules`, {
      title: 'Bonus: Catering',
    });
    expect(created.status).toBe(201);
    const section = StudioSectionSchema.parse(created.body);
    const all = await studioList();
    expect(all.at(-1)!.id).toBe(section.id);
    const previous = all.at(-2)!;
    expect(section).toMatchObject({
      isPublished: false,
      lessons: [],
      orderIndex: previous.orderIndex + 1,
      availableAfterDays: Math.max(...all.slice(0, -1).map((item) => item.availableAfterDays)) + 1,
    });

    const lesson = await call(admin, 'POST', `/api/modules/${section.id}/lessons`, {
      title: 'Pricing a Party',
      videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      duration: 7,
    });
    expect(lesson.status).toBe(201);
    expect(StudioLessonSchema.parse(lesson.body)).toMatchObject({
      moduleId: section.id,
      orderIndex: 1,
      isPublished: false,
      // A YouTube link's length is not known: the 7 typed minutes are not taken for one.
      duration: 0,
      durationSeconds: null,
      content: '',
      keyPoints: [],
    });
    const second = await call(admin, 'POST', `/api/modules/${section.id}/lessons`, {
      title: 'Published at once',
      isPublished: true,
    });
    expect(second.body).toMatchObject({ orderIndex: 2, isPublished: true });

    const lessonId = (lesson.body as { id: number }).id;
    expect((await call(admin, 'DELETE', `/api/lessons/${lessonId}`)).status).toBe(204);
    expect((await call(admin, 'DELETE', `/api/lessons/${lessonId}`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/api/modules/${section.id}`)).status).toBe(204);
    expect((await call(admin, 'DELETE', `/api/modules/${section.id}`)).status).toBe(404);
    const lessons = await course.service.deps.db
      .select()
      .from(courseLessons)
      .where(eq(courseLessons.moduleId, section.id));
    expect(lessons).toEqual([]);
    expect((await studioList()).map((item) => item.id)).toEqual(all.slice(0, -1).map((item) => item.id));
  });

  it('opens a section added after one on the last allowed day on that day, so it can be saved as shown', async () => {
    const last = StudioSectionSchema.parse(
      (
        await call(admin, 'POST', `/api/courses/${outline.courseId}/modules`, {
          title: 'A year on',
          availableAfterDays: 365,
        })
      ).body,
    );
    const created = await call(admin, 'POST', `/api/courses/${outline.courseId}/modules`, {
      title: 'After it',
    });
    expect(created.status).toBe(201);
    const added = StudioSectionSchema.parse(created.body);
    expect(added.availableAfterDays).toBe(365);
    // The editor saves the section with the day it shows.
    const saved = await call(admin, 'PUT', `/api/modules/${added.id}`, {
      title: 'After it, renamed',
      description: added.description,
      availableAfterDays: added.availableAfterDays,
      isPublished: added.isPublished,
    });
    expect(saved.status).toBe(200);
    for (const section of [added, last]) {
      expect((await call(admin, 'DELETE', `/api/modules/${section.id}`)).status).toBe(204);
    }
  });

  it('reorders sections and lessons in one step, refusing an order that is not the whole list', async () => {
    const { section, first, second } = await scratchSection('Reorder');
    const third = StudioLessonSchema.parse(
      (await call(admin, 'POST', `/api/modules/${section.id}/lessons`, { title: 'Reorder three' })).body,
    );
    const lessonsPath = `/api/modules/${section.id}/lessons/order`;
    const reordered = await call(admin, 'PUT', lessonsPath, { lessonIds: [third.id, first.id, second.id] });
    expect(reordered.status).toBe(200);
    const after = StudioSectionListSchema.parse(reordered.body).find((item) => item.id === section.id)!;
    expect(after.lessons.map((lesson) => [lesson.id, lesson.orderIndex])).toEqual([
      [third.id, 1],
      [first.id, 2],
      [second.id, 3],
    ]);

    const before = await snapshot();
    const otherCourseLesson = NOWHERE;
    for (const [body, message] of [
      [{ lessonIds: [third.id, first.id] }, COURSE_STUDIO_MESSAGES.lessonOrder],
      [{ lessonIds: [third.id, first.id, second.id, otherCourseLesson] }, COURSE_STUDIO_MESSAGES.lessonOrder],
      [{ lessonIds: [third.id, first.id, second.id, second.id] }, COURSE_STUDIO_MESSAGES.duplicateIds],
      [{ lessonIds: [] }, COURSE_STUDIO_MESSAGES.lessonOrder],
      [{ lessonIds: ['1'] }, COURSE_STUDIO_MESSAGES.lessonOrder],
      [{}, COURSE_STUDIO_MESSAGES.lessonOrder],
    ] as const) {
      const answer = await call(admin, 'PUT', lessonsPath, body);
      expect({ body, status: answer.status, message: (answer.body as { message: string }).message }).toEqual({
        body,
        status: 400,
        message,
      });
    }

    const sections = await studioList();
    const ids = sections.map((item) => item.id);
    const modulesPath = `/api/courses/${outline.courseId}/modules/order`;
    for (const [body, message] of [
      [{ moduleIds: ids.slice(1) }, COURSE_STUDIO_MESSAGES.moduleOrder],
      [{ moduleIds: [...ids, NOWHERE] }, COURSE_STUDIO_MESSAGES.moduleOrder],
      [{ moduleIds: [...ids, ids[0]] }, COURSE_STUDIO_MESSAGES.duplicateIds],
    ] as const) {
      const answer = await call(admin, 'PUT', modulesPath, body);
      expect({ status: answer.status, message: (answer.body as { message: string }).message }).toEqual({
        status: 400,
        message,
      });
    }
    expect(await snapshot()).toEqual(before);

    // The whole course reversed: every position taken by another row a moment before.
    const reversed = await call(admin, 'PUT', modulesPath, { moduleIds: [...ids].reverse() });
    expect(reversed.status).toBe(200);
    const list = StudioSectionListSchema.parse(reversed.body);
    expect(list.map((item) => item.id)).toEqual([...ids].reverse());
    expect(list.map((item) => item.orderIndex)).toEqual(ids.map((_, index) => index + 1));
    expect((await call(admin, 'PUT', modulesPath, { moduleIds: ids })).status).toBe(200);
    expect((await studioList()).map((item) => item.id)).toEqual(ids);
  });

  it('queues an uploaded video for transcoding in the same change, and only when the video changes', async () => {
    const lesson = outline.sections[4]!.lessons[1]!;
    const path = `/api/lessons/${lesson.id}/video`;
    const base = { title: lesson.title, content: lesson.content, duration: 3 };
    const db = course.service.deps.db;
    await db
      .update(courseLessons)
      .set({ hlsUrl: 'course-media/hls/old/master.m3u8', posterUrl: 'old-poster.jpg' })
      .where(eq(courseLessons.id, lesson.id));

    const set = await call(admin, 'PUT', path, { ...base, videoUrl: 'section-introduction.mp4' });
    expect(set.status).toBe(200);
    // The old renditions belong to the old video.
    expect(set.body).toMatchObject({
      hlsUrl: null,
      posterUrl: null,
      transcode: { status: 'queued', progress: 0 },
    });
    expect((await transcodesOf(lesson.id)).map((row) => [row.sourceFile, row.status])).toEqual([
      ['section-introduction.mp4', 'queued'],
    ]);

    // The same video again (a title edit): nothing new to transcode.
    expect(
      (await call(admin, 'PUT', path, { ...base, title: 'Renamed', videoUrl: 'section-introduction.mp4' }))
        .status,
    ).toBe(200);
    expect(await transcodesOf(lesson.id)).toHaveLength(1);

    // Another video supersedes the queued one (the transcoding job may have finished it already: then it
    // stays as it ended); a link or a document leaves nothing queued.
    const replaced = await call(admin, 'PUT', path, { ...base, videoUrl: 'member-lesson.mp4' });
    expect(replaced.body).toMatchObject({ transcode: { status: 'queued' } });
    const rows = await transcodesOf(lesson.id);
    expect(rows.map((row) => row.sourceFile)).toEqual(['section-introduction.mp4', 'member-lesson.mp4']);
    expect(rows[0]!.status).not.toBe('queued');
    const linked = await call(admin, 'PUT', path, { ...base, videoUrl: 'https://youtu.be/aqz-KE-bpKQ' });
    expect(linked.body).toMatchObject({ kind: 'youtube', hlsUrl: null, transcode: null });
    expect((await transcodesOf(lesson.id)).filter((row) => row.status === 'queued')).toEqual([]);

    // A new lesson with an uploaded video is queued as it is created.
    const created = StudioLessonSchema.parse(
      (
        await call(admin, 'POST', `/api/modules/${outline.sections[4]!.id}/lessons`, {
          title: 'With a video',
          videoUrl: 'member-lesson.mp4',
        })
      ).body,
    );
    expect(created.transcode).toMatchObject({ status: 'queued' });
    expect((await transcodesOf(created.id)).map((row) => row.sourceFile)).toEqual(['member-lesson.mp4']);
  });

  it('lists the files a lesson may use: finished uploads and the shipped samples', async () => {
    const answer = await call(admin, 'GET', '/api/course-media');
    expect(answer.status).toBe(200);
    const { files } = CourseMediaListSchema.parse(answer.body);
    expect(files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'member-lesson.mp4', kind: 'video', source: 'sample' }),
        expect.objectContaining({ name: 'member-lesson.vtt', kind: 'captions', source: 'sample' }),
        expect.objectContaining({
          name: 'restaurant-goals-workbook.pdf',
          kind: 'document',
          source: 'sample',
        }),
      ]),
    );
  });
});
