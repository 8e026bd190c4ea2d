/**
 * The path ids of courses, sections and lessons (`/:id`) as the member routes check them: an id that is not
 * a positive integer names nothing, so it answers the resource's own 404.
 */
import {
  COURSE_NOT_FOUND_MESSAGE,
  ContentIdParamsSchema,
  LESSON_NOT_FOUND_MESSAGE,
  MODULE_NOT_FOUND_MESSAGE,
} from '@platform/contracts';
import { validate } from '@platform/service-kit/http';
import type { z } from 'zod';

export const courseId = validate({ params: ContentIdParamsSchema }, { notFound: COURSE_NOT_FOUND_MESSAGE });
export const moduleId = validate({ params: ContentIdParamsSchema }, { notFound: MODULE_NOT_FOUND_MESSAGE });
export const lessonId = validate({ params: ContentIdParamsSchema }, { notFound: LESSON_NOT_FOUND_MESSAGE });

/** A lesson's path id, and the request body `body` checks. */
export function lessonIdWithBody<TBody extends z.ZodType>(body: TBody) {
  return validate({ params: ContentIdParamsSchema, body }, { notFound: LESSON_NOT_FOUND_MESSAGE });
}
