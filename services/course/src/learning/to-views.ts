/** Rows and drip state → the member-side answers; a locked lesson is stripped here, in one place. */
import type { AvailableModule, CourseSummary, MemberLesson } from '@platform/contracts';
import type { CourseRow, LessonRow, ModuleRow } from '../catalogue/catalogue.repository.js';
import { durationSecondsOf, lessonKind, mediaFileName } from '../catalogue/lesson-media.js';
import type { CourseEnrollmentRow, LessonProgressRow } from '../db/schema.js';
import { memberHlsUrl, memberPosterUrl } from '../transcoding/hls-files.js';
import type { SectionState } from './drip.js';
import type { ResumeRow } from './learning.repository.js';

export const VIDEO_STREAM_PATH = '/api/video-stream/';

/** Where a member's player gets a lesson's media: the protected stream for files, links as stored. */
export function memberMediaUrl(videoUrl: string | null): string | null {
  if (!videoUrl) return null;
  const file = mediaFileName(videoUrl);
  if (file) return `${VIDEO_STREAM_PATH}${encodeURIComponent(file)}`;
  return /^https?:\/\//i.test(videoUrl.trim()) ? videoUrl.trim() : null;
}

export function toCourseSummary(
  course: CourseRow,
  extra: {
    sectionCount: number;
    lessonCount: number;
    enrolment: CourseEnrollmentRow | null;
    resume: ResumeRow | null;
  },
): CourseSummary {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    thumbnail: course.thumbnail,
    difficulty: course.difficulty,
    isPublished: course.isPublished,
    sectionCount: extra.sectionCount,
    lessonCount: extra.lessonCount,
    isEnrolled: extra.enrolment !== null,
    enrolledAt: extra.enrolment?.enrolledAt.toISOString() ?? null,
    resume: extra.resume
      ? {
          lessonId: extra.resume.lessonId,
          moduleId: extra.resume.moduleId,
          positionSeconds: extra.resume.positionSeconds,
          lastAccessedAt: extra.resume.lastAccessedAt.toISOString(),
        }
      : null,
  };
}

/** A section's own fields as every view of it shows them (the member's and the studio's). */
export function sectionFields(module: ModuleRow) {
  return {
    id: module.id,
    courseId: module.courseId,
    title: module.title,
    description: module.description,
    orderIndex: module.orderIndex,
    availableAfterDays: module.availableAfterDays,
  };
}

export function toAvailableModule(
  module: ModuleRow,
  section: SectionState,
  extra: { lessonCount: number; completedLessonCount: number; unlockNoticeDue: boolean },
): AvailableModule {
  return {
    ...sectionFields(module),
    isAvailable: section.isAvailable,
    unlockDate: section.unlockDate?.toISOString() ?? null,
    lockedReason: section.lockedReason,
    isCompleted: section.isCompleted,
    completedAt: section.completedAt?.toISOString() ?? null,
    ...extra,
  };
}

export function toMemberLesson(
  lesson: LessonRow,
  options: { courseId: number; open: boolean; progress: LessonProgressRow | undefined },
): MemberLesson {
  const { open, progress } = options;
  return {
    id: lesson.id,
    moduleId: lesson.moduleId,
    courseId: options.courseId,
    title: lesson.title,
    orderIndex: lesson.orderIndex,
    duration: lesson.duration,
    durationSeconds: durationSecondsOf(lesson.duration),
    estimatedMinutes: null,
    freePreview: lesson.isFree,
    kind: lessonKind(lesson.videoUrl),
    isLocked: !open,
    content: open ? lesson.content : null,
    videoUrl: open ? memberMediaUrl(lesson.videoUrl) : null,
    captionsUrl:
      open && lesson.captionsFile ? `${VIDEO_STREAM_PATH}${encodeURIComponent(lesson.captionsFile)}` : null,
    // Streams only ever stand in for a stored video (never for a link the lesson was changed to).
    hlsUrl: open && mediaFileName(lesson.videoUrl) ? memberHlsUrl(lesson) : null,
    posterUrl: open ? memberPosterUrl(lesson) : null,
    keyPoints: open ? lesson.keyPoints : [],
    completed: progress?.completed ?? false,
    completedAt: progress?.completedAt?.toISOString() ?? null,
    positionSeconds: progress?.positionSeconds ?? 0,
    lastAccessedAt: progress?.lastAccessedAt.toISOString() ?? null,
  };
}
