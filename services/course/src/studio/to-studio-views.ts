/** Rows → the studio's answers: every stored field of a section and its lessons, drafts included. */
import type { StudioLesson, StudioSection } from '@platform/contracts';
import type { LessonRow, ModuleRow } from '../catalogue/catalogue.repository.js';
import { durationSecondsOf, lessonKind, mediaFileName } from '../catalogue/lesson-media.js';
import type { LessonTranscodeRow } from '../db/schema.js';
import { memberMediaUrl, sectionFields } from '../learning/to-views.js';
import { toTranscodeState } from '../transcoding/transcodes.repository.js';

export function toStudioLesson(lesson: LessonRow, latest: LessonTranscodeRow | undefined): StudioLesson {
  // Only the transcoding of the video the lesson plays now says anything about it.
  const transcode = latest && latest.sourceFile === mediaFileName(lesson.videoUrl) ? latest : undefined;
  return {
    id: lesson.id,
    moduleId: lesson.moduleId,
    title: lesson.title,
    content: lesson.content,
    videoUrl: lesson.videoUrl,
    kind: lessonKind(lesson.videoUrl),
    mediaUrl: memberMediaUrl(lesson.videoUrl),
    captionsFile: lesson.captionsFile,
    orderIndex: lesson.orderIndex,
    duration: lesson.duration,
    durationSeconds: durationSecondsOf(lesson.duration),
    isFree: lesson.isFree,
    keyPoints: lesson.keyPoints,
    isPublished: lesson.isPublished,
    hlsUrl: lesson.hlsUrl,
    posterUrl: lesson.posterUrl,
    transcode: transcode ? toTranscodeState(transcode) : null,
    version: lesson.version,
    updatedAt: lesson.updatedAt.toISOString(),
  };
}

export function toStudioSection(
  module: ModuleRow,
  lessons: LessonRow[],
  transcodes: Map<number, LessonTranscodeRow>,
): StudioSection {
  return {
    ...sectionFields(module),
    isPublished: module.isPublished,
    version: module.version,
    lessons: lessons
      .filter((lesson) => lesson.moduleId === module.id)
      .map((lesson) => toStudioLesson(lesson, transcodes.get(lesson.id))),
  };
}
