/** `GET /api/course-preview`'s answer, checked against CoursePreviewSchema's shape without zod (lib/check-shape.ts). */
import type { CoursePreview } from '@platform/contracts';
import {
  isArrayOf,
  isBoolean,
  isNumber,
  isObjectWith,
  isOneOf,
  isString,
  orNull,
  readAs,
} from '../../../lib/check-shape';

const isPreviewLesson = isObjectWith({
  id: isNumber,
  title: isString,
  content: isString,
  duration: isNumber,
  durationSeconds: orNull(isNumber),
  orderIndex: isNumber,
  isFree: isBoolean,
  kind: isOneOf('video', 'youtube', 'document'),
  keyPoints: isArrayOf(isString),
  isOpen: isBoolean,
  videoUrl: orNull(isString),
});

const isPreviewSection = isObjectWith({
  id: isNumber,
  title: isString,
  description: isString,
  orderIndex: isNumber,
  isFree: isBoolean,
  lessonCount: isNumber,
  lessons: isArrayOf(isPreviewLesson),
});

const isCoursePreview = isObjectWith({
  course: isObjectWith({
    id: isNumber,
    title: isString,
    description: isString,
    thumbnail: orNull(isString),
    difficulty: isString,
    price: isNumber,
  }),
  introVideoUrl: orNull(isString),
  sectionCount: isNumber,
  lessonCount: isNumber,
  sections: isArrayOf(isPreviewSection),
});

export function readCoursePreview(body: unknown): CoursePreview {
  return readAs<CoursePreview>(body, isCoursePreview, 'GET /api/course-preview');
}
