/**
 * Three member-side additions, through the real service against a set clock:
 * - 'Enroll Now' (`POST /api/courses/:id/enroll`): members only, idempotent, the enrolment hangs off the
 *   order that made the caller a member, so refunding that order withdraws it too;
 * - 'New Section Unlocked!' once per section per member (`unlockNoticeDue` + `POST …/unlock-notice`);
 * - captions: a lesson's WebVTT is named in the lesson only while it is open, and streamed under the same
 *   rule as the video.
 */
import { describe, expect, it } from '@jest/globals';
import {
  EnrollCourseResponseSchema,
  EnrollmentListSchema,
  MEMBERSHIP_REQUIRED_MESSAGE,
  MemberLessonSchema,
  SECTION_LOCKED_MESSAGE,
} from '@platform/contracts';
import { DAY, MINUTE } from '@platform/service-kit/clock';
import { backings, type CourseUnderTest } from '../../__tests__/harness.js';
import { courseModules, courses } from '../../db/schema.js';
import { granted, json, revoked, type User, user, useSeededCourse, visitor } from './fixtures.js';

const ENROLLED_AT = new Date('2030-05-04T16:41:00.000Z');

describe.each(backings())('enrol, unlock notices and captions on $name', (factory) => {
  /** A second published course with one section, that no order sells. */
  let otherCourseId: number;

  const { course, outline, clock, modulesOf, enrol } = useSeededCourse(
    factory,
    { at: ENROLLED_AT },
    async (started) => {
      const db = started.service.deps.db;
      const [other] = await db
        .insert(courses)
        .values({ title: 'Kitchen Costing', description: 'Food cost in practice.', isPublished: true })
        .returning({ id: courses.id });
      otherCourseId = other!.id;
      await db
        .insert(courseModules)
        .values({ courseId: otherCourseId, title: 'Costing a plate', description: '', orderIndex: 1 });
    },
  );

  const enroll = (caller: Parameters<CourseUnderTest['requestAs']>[0], courseId: number) =>
    course.requestAs(caller, `/api/courses/${courseId}/enroll`, { method: 'POST' });

  async function enrolments(member: User) {
    const response = await course.requestAs(member, '/api/enrollments');
    expect(response.status).toBe(200);
    return EnrollmentListSchema.parse(await response.json());
  }

  describe('Enroll Now', () => {
    it('refuses a visitor (401), a free account (403) and an unknown or malformed course (404)', async () => {
      expect((await enroll(visitor, outline.courseId)).status).toBe(401);
      const free = user();
      const refused = await enroll(free, otherCourseId);
      expect(refused.status).toBe(403);
      expect(await json(refused)).toMatchObject({ message: MEMBERSHIP_REQUIRED_MESSAGE });
      expect(await enrolments(free)).toEqual([]);

      const member = await enrol();
      expect((await enroll(member, 987_654)).status).toBe(404);
      expect((await enroll(member, Number.NaN)).status).toBe(404);
    });

    it('answers 200 with the standing enrolment, keeping its date, when the member already has the course', async () => {
      clock.set(ENROLLED_AT);
      const member = await enrol();
      clock.set(new Date(ENROLLED_AT.getTime() + 3 * DAY));
      const again = await enroll(member, outline.courseId);
      expect(again.status).toBe(200);
      expect(EnrollCourseResponseSchema.parse(await again.json())).toMatchObject({
        courseId: outline.courseId,
        enrolledAt: ENROLLED_AT.toISOString(),
      });
      expect(await enrolments(member)).toHaveLength(1);
    });

    it('enrols a member in another published course once, and the refund of their order withdraws both', async () => {
      clock.set(ENROLLED_AT);
      const member = user();
      const grant = granted(member, [outline.courseId], ENROLLED_AT);
      await course.deliver(grant);
      const enrolledAt = new Date(ENROLLED_AT.getTime() + 2 * DAY + 5 * MINUTE);
      clock.set(enrolledAt);

      const first = await enroll(member, otherCourseId);
      expect(first.status).toBe(201);
      expect(EnrollCourseResponseSchema.parse(await first.json())).toMatchObject({
        courseId: otherCourseId,
        enrolledAt: enrolledAt.toISOString(),
      });
      expect((await enroll(member, otherCourseId)).status).toBe(200);
      expect((await enrolments(member)).map((row) => row.courseId).sort()).toEqual(
        [outline.courseId, otherCourseId].sort(),
      );
      const modules = await course.requestAs(member, `/api/courses/${otherCourseId}/available-modules`);
      expect(modules.status).toBe(200);

      await course.deliver(revoked(grant, new Date(enrolledAt.getTime() + DAY)));
      expect(await enrolments(member)).toEqual([]);
      expect((await enroll(member, otherCourseId)).status).toBe(403);
    });

    it('lets an admin enrol without an order', async () => {
      const admin = user('admin');
      const response = await enroll(admin, otherCourseId);
      expect(response.status).toBe(201);
      expect((await enrolments(admin)).map((row) => row.courseId)).toEqual([otherCourseId]);
    });
  });

  describe("'New Section Unlocked!'", () => {
    it('is due once a later section opens, and never again after any device has shown it', async () => {
      clock.set(ENROLLED_AT);
      const member = await enrol();
      const [first, second, third] = outline.sections;

      // Day 0: section 1 was open from the start; nothing "became" unlocked.
      expect((await modulesOf(member)).map((module) => module.unlockNoticeDue)).toEqual(Array(8).fill(false));
      const early = await course.requestAs(member, `/api/modules/${second!.id}/unlock-notice`, {
        method: 'POST',
      });
      expect(early.status).toBe(403);
      expect(await json(early)).toMatchObject({ message: SECTION_LOCKED_MESSAGE });

      clock.set(new Date(ENROLLED_AT.getTime() + 2 * DAY));
      const due = await modulesOf(member);
      expect(due.filter((module) => module.unlockNoticeDue).map((module) => module.id)).toEqual([
        second!.id,
        third!.id,
      ]);

      const told = await course.requestAs(member, `/api/modules/${second!.id}/unlock-notice`, {
        method: 'POST',
      });
      expect(told.status).toBe(204);
      // The same again from another device changes nothing.
      const twice = await course.requestAs(member, `/api/modules/${second!.id}/unlock-notice`, {
        method: 'POST',
      });
      expect(twice.status).toBe(204);
      const after = await modulesOf(member);
      expect(after.find((module) => module.id === second!.id)!.unlockNoticeDue).toBe(false);
      expect(after.find((module) => module.id === third!.id)!.unlockNoticeDue).toBe(true);
      expect(after.find((module) => module.id === first!.id)!.unlockNoticeDue).toBe(false);

      // Another member's notice is their own.
      const other = await enrol();
      const theirs = await modulesOf(other);
      expect(theirs.find((module) => module.id === second!.id)!.unlockNoticeDue).toBe(true);

      // A free account cannot record anything.
      const free = await course.requestAs(user(), `/api/modules/${second!.id}/unlock-notice`, {
        method: 'POST',
      });
      expect(free.status).toBe(403);
    });
  });

  describe('captions', () => {
    it('names the captions only while the lesson is open and streams them under the video rule', async () => {
      clock.set(ENROLLED_AT);
      const member = await enrol();
      const openLesson = outline.sections[0]!.lessons[0]!;
      const lockedLesson = outline.sections[3]!.lessons[1]!;
      expect(openLesson.captionsFile).toMatch(/\.vtt$/);
      expect(lockedLesson.captionsFile).toMatch(/\.vtt$/);

      const open = MemberLessonSchema.parse(
        await (await course.requestAs(member, `/api/lessons/${openLesson.id}`)).json(),
      );
      expect(open.captionsUrl).toBe(`/api/video-stream/${openLesson.captionsFile}`);
      const track = await course.requestAs(member, open.captionsUrl!);
      expect(track.status).toBe(200);
      expect(track.headers.get('content-type')).toMatch(/^text\/vtt/);
      expect(await track.text()).toMatch(/^WEBVTT\n/);

      const listed = await course.requestAs(member, `/api/modules/${lockedLesson.moduleId}/lessons`);
      const locked = MemberLessonSchema.array()
        .parse(await listed.json())
        .find((lesson) => lesson.id === lockedLesson.id)!;
      expect(locked.isLocked).toBe(true);
      expect(locked.captionsUrl).toBeNull();
      // member-lesson.vtt belongs only to locked lessons on day 0.
      if (lockedLesson.captionsFile !== openLesson.captionsFile) {
        const refused = await course.requestAs(member, `/api/video-stream/${lockedLesson.captionsFile}`);
        expect(refused.status).toBe(403);
      }
      expect((await course.request(`/api/video-stream/${openLesson.captionsFile}`)).status).toBe(401);
      // An account without the course gets a free lesson's captions, as it gets its video.
      const stranger = user();
      expect((await course.requestAs(stranger, `/api/video-stream/${openLesson.captionsFile}`)).status).toBe(
        200,
      );
      const free = await course.requestAs(stranger, `/api/video-stream/${lockedLesson.captionsFile}`);
      expect(free.status).toBe(403);
    });
  });
});
