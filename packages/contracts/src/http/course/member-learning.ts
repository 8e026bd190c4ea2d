/**
 * The member side of the course (docs/behaviour/member-learning.md#api-calls): courses, sections ("modules")
 * with their drip state, lessons, completion and the player's resume position. Every call needs a signed-in
 * caller (401 `{ message: 'Unauthorized' }`, which the pages read as null); everything below a course needs a
 * standing enrolment in it (or the admin role), else 403 `{ message: MEMBERSHIP_REQUIRED_MESSAGE }`. A locked
 * lesson never carries its content, key points or video address (`null` / `[]`).
 */
import { z } from 'zod';
import { lessonLengthFields, storedSectionFields } from './outline-fields.js';
import { LessonKindSchema } from './get-course-preview.js';
import { isoDateTime } from '../fields.js';

/** The 403 message for a signed-in caller without an enrolment in the course (the 'Membership Required' toast's text). */
export const MEMBERSHIP_REQUIRED_MESSAGE = 'You need to be a paid member to access lesson content';
/** The 403 message for a member asking for a lesson or section that is not released to them yet. */
export const SECTION_LOCKED_MESSAGE = 'This section is not available yet';
export const COURSE_NOT_FOUND_MESSAGE = 'Course not found';
export const MODULE_NOT_FOUND_MESSAGE = 'Module not found';
export const LESSON_NOT_FOUND_MESSAGE = 'Lesson not found';
export const VIDEO_NOT_FOUND_MESSAGE = 'Video not found';

/** A numeric id in a path (`/api/lessons/12`): digits only, positive, within a Postgres integer. */
export const ContentIdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Invalid id')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647, 'Invalid id'));
/** The path parameters of `/api/courses/:id`, `/api/modules/:id`, `/api/lessons/:id` and their calls. */
export const ContentIdParamsSchema = z.object({ id: ContentIdParamSchema });

export const ResumePointSchema = z.object({
  lessonId: z.number().int().positive(),
  moduleId: z.number().int().positive(),
  positionSeconds: z.number().int().nonnegative(),
  lastAccessedAt: isoDateTime,
});
export type ResumePoint = z.infer<typeof ResumePointSchema>;

/** `GET /api/courses` (list) and `GET /api/courses/:id`. */
export const CourseSummarySchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  difficulty: z.string(),
  isPublished: z.boolean(),
  sectionCount: z.number().int().nonnegative(),
  lessonCount: z.number().int().nonnegative(),
  /** The caller has a standing enrolment ('View Course' rather than 'Enroll Now' / 'Upgrade to Access'). */
  isEnrolled: z.boolean(),
  enrolledAt: isoDateTime.nullable(),
  /** 'Continue where you left off': the lesson the caller opened last in this course, if any. */
  resume: ResumePointSchema.nullable(),
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;
export const CourseListSchema = z.array(CourseSummarySchema);
export type CourseList = z.infer<typeof CourseListSchema>;

/**
 * Why a section is locked: its day has not come (`schedule`); (rs_pending) the consultation is not
 * submitted yet (`consultation`, whatever its day: the day alone would not open it); (blocked) its day
 * came while the owner's revenue-share account was blocked, and it opens once the account is current again
 * (`blocked`, docs/decisions.md, 27); or the caller has no membership and previews the course as a visitor
 * does, its free lessons and the first of each section open (`membership`).
 */
export const LockReasonSchema = z.enum(['schedule', 'consultation', 'blocked', 'membership']);
export type LockReason = z.infer<typeof LockReasonSchema>;

/**
 * The spec's "Available module": a section with the caller's drip state. `unlockDate` is the exact
 * instant (`enrolledAt + availableAfterDays × 24 h`, ISO, shown in the member's local time); null for an
 * admin without an enrolment (everything is open to them).
 */
export const AvailableModuleSchema = z.object({
  ...storedSectionFields,
  isAvailable: z.boolean(),
  unlockDate: isoDateTime.nullable(),
  lockedReason: LockReasonSchema.nullable(),
  isCompleted: z.boolean(),
  completedAt: isoDateTime.nullable(),
  lessonCount: z.number().int().nonnegative(),
  completedLessonCount: z.number().int().nonnegative(),
  /**
   * 'New Section Unlocked!' is due: the section was released after enrolment day 0 (or when the
   * consultation gate lifted), is not completed, and this member has not been told yet on any device.
   * `POST /api/modules/:id/unlock-notice` (204) records that they have been.
   */
  unlockNoticeDue: z.boolean(),
});
export type AvailableModule = z.infer<typeof AvailableModuleSchema>;
export const AvailableModuleListSchema = z.array(AvailableModuleSchema);
export type AvailableModuleList = z.infer<typeof AvailableModuleListSchema>;

/** A lesson as a member sees it (`GET /api/lessons/:id`, `GET /api/modules/:id/lessons`). */
export const MemberLessonSchema = z.object({
  id: z.number().int().positive(),
  moduleId: z.number().int().positive(),
  courseId: z.number().int().positive(),
  title: z.string(),
  orderIndex: z.number().int(),
  ...lessonLengthFields,
  /** No longer set: a length the media did not give is not shown (null). */
  estimatedMinutes: z.number().int().nullable(),
  freePreview: z.boolean(),
  kind: LessonKindSchema,
  /** True when the section is not released to the caller and the lesson was never completed. */
  isLocked: z.boolean(),
  /** Null while locked. */
  content: z.string().nullable(),
  /**
   * Null while locked. A stored file is served at `/api/video-stream/<file>` (members only, ranges); a
   * link (YouTube) is given as stored.
   */
  videoUrl: z.string().nullable(),
  /** The video's English captions (WebVTT, served like the video); null while locked or when none. */
  captionsUrl: z.string().nullable(),
  /**
   * The adaptive streams' master playlist (`/api/lessons/<id>/hls/<set>/master.m3u8`, under the lesson's
   * rule) once the stored video is transcoded; null while locked, before, or for a link or document. The
   * player prefers it and falls back to `videoUrl`.
   */
  hlsUrl: z.string().nullable(),
  /** A still of the video (`/api/lessons/<id>/poster?v=…`, JPEG) shown before it plays; null while locked or when none. */
  posterUrl: z.string().nullable(),
  /** Empty while locked. */
  keyPoints: z.array(z.string()),
  completed: z.boolean(),
  completedAt: isoDateTime.nullable(),
  /** Where the player resumes, in whole seconds. */
  positionSeconds: z.number().int().nonnegative(),
  lastAccessedAt: isoDateTime.nullable(),
});
export type MemberLesson = z.infer<typeof MemberLessonSchema>;
export const MemberLessonListSchema = z.array(MemberLessonSchema);
export type MemberLessonList = z.infer<typeof MemberLessonListSchema>;

/** Longest position the player may save: 24 hours. */
export const MAX_POSITION_SECONDS = 86_400;

/** `PUT /api/lessons/:id/progress`: the player's position, every few seconds and on pause or leave. Answer 204. */
export const SaveLessonPositionRequestSchema = z.strictObject({
  positionSeconds: z
    .number({ error: 'positionSeconds must be a number of seconds' })
    .min(0, 'positionSeconds must not be negative')
    .max(MAX_POSITION_SECONDS, 'positionSeconds is too large'),
});
export type SaveLessonPositionRequest = z.infer<typeof SaveLessonPositionRequestSchema>;
