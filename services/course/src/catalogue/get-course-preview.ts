/**
 * The public course page's outline (`GET /api/course-preview`). Locked lessons carry no media address
 * at all, so nothing a visitor may not open leaks through this answer.
 */
import { DEMO_VIDEO_PATH, type CoursePreview, type PreviewLesson } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { findPublicCourseOutline, type CourseOutline } from './catalogue.repository.js';
import {
  durationSecondsOf,
  INTRO_VIDEO_FILE,
  lessonKind,
  openLessonIds,
  publicMediaUrl,
} from './lesson-media.js';

export async function getCoursePreview(db: Executor): Promise<CoursePreview | null> {
  const outline = await findPublicCourseOutline(db);
  return outline ? buildCoursePreview(outline) : null;
}

export function buildCoursePreview({ course, modules, lessons }: CourseOutline): CoursePreview {
  const open = openLessonIds(lessons);
  const sections = modules.map((module) => {
    const sectionLessons = lessons
      .filter((lesson) => lesson.moduleId === module.id)
      .map((lesson): PreviewLesson => {
        const isOpen = open.has(lesson.id);
        return {
          id: lesson.id,
          title: lesson.title,
          content: lesson.content,
          duration: lesson.duration,
          durationSeconds: durationSecondsOf(lesson.duration),
          orderIndex: lesson.orderIndex,
          isFree: lesson.isFree,
          kind: lessonKind(lesson.videoUrl),
          keyPoints: lesson.keyPoints,
          isOpen,
          videoUrl: isOpen ? publicMediaUrl(lesson.videoUrl) : null,
        };
      });
    return {
      id: module.id,
      title: module.title,
      description: module.description,
      orderIndex: module.orderIndex,
      isFree: sectionLessons.length > 0 && sectionLessons.every((lesson) => lesson.isFree),
      lessonCount: sectionLessons.length,
      lessons: sectionLessons,
    };
  });
  return {
    course: {
      id: course.id,
      title: course.title,
      description: course.description,
      thumbnail: course.thumbnail,
      difficulty: course.difficulty,
      price: course.price,
    },
    introVideoUrl: `${DEMO_VIDEO_PATH}${INTRO_VIDEO_FILE}`,
    sectionCount: sections.length,
    lessonCount: sections.reduce((sum, section) => sum + section.lessonCount, 0),
    sections,
  };
}
