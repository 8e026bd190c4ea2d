/**
 * The course studio (docs/behaviour/course-studio.md#api-calls): the admin's reads and edits of the course,
 * sections and lessons. Admin only, checked before anything else (visitor 401 'Unauthorized', anyone else
 * 403 'Access denied'); answers are never cached.
 */
import {
  COURSE_NOT_FOUND_MESSAGE,
  ContentIdParamsSchema,
  CreateLessonRequestSchema,
  CreateModuleRequestSchema,
  LESSON_NOT_FOUND_MESSAGE,
  MODULE_NOT_FOUND_MESSAGE,
  ReorderLessonsRequestSchema,
  ReorderModulesRequestSchema,
  UpdateLessonRequestSchema,
  UpdateModuleRequestSchema,
} from '@platform/contracts';
import { requireAdmin, validate, type Middleware, type ServiceDeps } from '@platform/service-kit';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { createLesson } from './create-lesson.js';
import { createModule } from './create-module.js';
import { deleteLesson } from './delete-lesson.js';
import { deleteModule } from './delete-module.js';
import { listStudioSections } from './get-studio-outline.js';
import { reorderLessons } from './reorder-lessons.js';
import { reorderModules } from './reorder-modules.js';
import { listCourseMedia } from './stored-media.js';
import { updateLesson } from './update-lesson.js';
import { updateModule } from './update-module.js';

/** A lesson's content may be long: more than the services' usual JSON limit. */
const LESSON_BODY_LIMIT = '256kb';

const noStore: Middleware = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

export function studioRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const courseId = { notFound: COURSE_NOT_FOUND_MESSAGE };
  const moduleId = { notFound: MODULE_NOT_FOUND_MESSAGE };
  const lessonId = { notFound: LESSON_NOT_FOUND_MESSAGE };
  const lessonBody = { notFound: LESSON_NOT_FOUND_MESSAGE, limit: LESSON_BODY_LIMIT };

  router.get(
    '/api/courses/:id/modules',
    noStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema }, courseId),
    async (req, res) => {
      res.json(await listStudioSections(deps.db, req.params.id));
    },
  );

  router.post(
    '/api/courses/:id/modules',
    noStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema, body: CreateModuleRequestSchema }, courseId),
    async (req, res) => {
      res.status(201).json(await createModule(deps, req.params.id, req.body));
    },
  );

  router.put(
    '/api/courses/:id/modules/order',
    noStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema, body: ReorderModulesRequestSchema }, courseId),
    async (req, res) => {
      res.json(await reorderModules(deps, req.params.id, req.body.moduleIds));
    },
  );

  router.put(
    '/api/modules/:id',
    noStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema, body: UpdateModuleRequestSchema }, moduleId),
    async (req, res) => {
      res.json(await updateModule(deps, req.params.id, req.body));
    },
  );

  router.delete(
    '/api/modules/:id',
    noStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema }, moduleId),
    async (req, res) => {
      await deleteModule(deps, req.params.id);
      res.status(204).end();
    },
  );

  router.post(
    '/api/modules/:id/lessons',
    noStore,
    requireAdmin,
    validate(
      { params: ContentIdParamsSchema, body: CreateLessonRequestSchema },
      { ...moduleId, limit: LESSON_BODY_LIMIT },
    ),
    async (req, res) => {
      res.status(201).json(await createLesson(deps, req.params.id, req.body));
    },
  );

  router.put(
    '/api/modules/:id/lessons/order',
    noStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema, body: ReorderLessonsRequestSchema }, moduleId),
    async (req, res) => {
      res.json(await reorderLessons(deps, req.params.id, req.body.lessonIds));
    },
  );

  router.put(
    '/api/lessons/:id/video',
    noStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema, body: UpdateLessonRequestSchema }, lessonBody),
    async (req, res) => {
      res.json(await updateLesson(deps, req.params.id, req.body));
    },
  );

  router.delete(
    '/api/lessons/:id',
    noStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema }, lessonId),
    async (req, res) => {
      await deleteLesson(deps, req.params.id);
      res.status(204).end();
    },
  );

  router.get('/api/course-media', noStore, requireAdmin, async (_req, res) => {
    res.json(await listCourseMedia(deps.db));
  });
}
