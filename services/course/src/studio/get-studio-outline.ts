/** The studio's reads: the course's sections with their lessons, drafts included, and one of each. */
import {
  COURSE_NOT_FOUND_MESSAGE,
  LESSON_NOT_FOUND_MESSAGE,
  MODULE_NOT_FOUND_MESSAGE,
  type StudioLesson,
  type StudioSection,
  type StudioSectionList,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { courseExists, listAllLessons } from './studio.repository.js';
import { listLatestTranscodes } from '../transcoding/transcodes.repository.js';
import { findLesson, findModule, listCourseModules } from '../learning/learning.repository.js';
import { toStudioLesson, toStudioSection } from './to-studio-views.js';
import type { ModuleRow } from '../catalogue/catalogue.repository.js';

/** `GET /api/courses/:id/modules`: every section in order, each with every lesson in order. */
export async function listStudioSections(db: Executor, courseId: number): Promise<StudioSectionList> {
  if (!(await courseExists(db, courseId))) throw new AppError('not_found', COURSE_NOT_FOUND_MESSAGE);
  const modules = await listCourseModules(db, courseId, { includeDrafts: true });
  const lessons = await listAllLessons(
    db,
    modules.map((module) => module.id),
  );
  const transcodes = await listLatestTranscodes(
    db,
    lessons.map((lesson) => lesson.id),
  );
  return modules.map((module) => toStudioSection(module, lessons, transcodes));
}

/** The section a studio call names, else its 404. */
export async function sectionOrNotFound(db: Executor, moduleId: number): Promise<ModuleRow> {
  const module = await findModule(db, moduleId);
  if (!module) throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
  return module;
}

/** The lesson a studio call names, with its course, else its 404. */
export async function lessonOrNotFound(
  db: Executor,
  lessonId: number,
): Promise<NonNullable<Awaited<ReturnType<typeof findLesson>>>> {
  const found = await findLesson(db, lessonId);
  if (!found) throw new AppError('not_found', LESSON_NOT_FOUND_MESSAGE);
  return found;
}

export async function getStudioSection(db: Executor, moduleId: number): Promise<StudioSection> {
  const module = await sectionOrNotFound(db, moduleId);
  const lessons = await listAllLessons(db, [module.id]);
  const transcodes = await listLatestTranscodes(
    db,
    lessons.map((lesson) => lesson.id),
  );
  return toStudioSection(module, lessons, transcodes);
}

export async function getStudioLesson(db: Executor, lessonId: number): Promise<StudioLesson> {
  const found = await lessonOrNotFound(db, lessonId);
  const transcodes = await listLatestTranscodes(db, [lessonId]);
  return toStudioLesson(found.lesson, transcodes.get(lessonId));
}
