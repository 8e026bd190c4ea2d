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
import { privateNoStore, validate } from '@platform/service-kit/http';
import { requireAdmin } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { z } from 'zod';
import type { CourseConfig } from '../config.js';
import { createLesson } from './create-lesson.js';
import { createModule } from './create-module.js';
import { deleteLesson, deleteModule } from './delete-content.js';
import { listStudioSections } from './get-studio-outline.js';
import { reorderLessons } from './reorder-lessons.js';
import { reorderModules } from './reorder-modules.js';
import { listCourseMedia } from './stored-media.js';
import { updateLesson } from './update-lesson.js';
import { updateModule } from './update-module.js';

/** A lesson's content may be long: more than the services' usual JSON limit. */
const LESSON_BODY_LIMIT = '256kb';

/**
 * One studio call: admin only, never cached, the path's `id` checked (an id that does not parse is the
 * resource's own 404), the body checked when the call has one. The answer is sent as JSON (201 when the call
 * creates), or 204 when there is none.
 */
function studioCall<TBody extends z.ZodType | undefined = undefined>(
  router: Router,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  {
    body,
    created = false,
    ...options
  }: { body?: TBody; created?: boolean; notFound: string; limit?: string },
  answer: (id: number, body: TBody extends z.ZodType ? z.output<TBody> : undefined) => Promise<unknown>,
): void {
  router[method](
    path,
    privateNoStore,
    requireAdmin,
    validate({ params: ContentIdParamsSchema, body }, options),
    async (req, res) => {
      const result = await answer(req.params.id, req.body);
      if (result === undefined) res.status(204).end();
      else res.status(created ? 201 : 200).json(result);
    },
  );
}

export function studioRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const course = { notFound: COURSE_NOT_FOUND_MESSAGE };
  const section = { notFound: MODULE_NOT_FOUND_MESSAGE };
  const lesson = { notFound: LESSON_NOT_FOUND_MESSAGE };

  studioCall(router, 'get', '/api/courses/:id/modules', course, (id) => listStudioSections(deps.db, id));
  studioCall(
    router,
    'post',
    '/api/courses/:id/modules',
    { ...course, body: CreateModuleRequestSchema, created: true },
    (id, request) => createModule(deps, id, request),
  );
  studioCall(
    router,
    'put',
    '/api/courses/:id/modules/order',
    { ...course, body: ReorderModulesRequestSchema },
    (id, request) => reorderModules(deps, id, request.moduleIds),
  );
  studioCall(
    router,
    'put',
    '/api/modules/:id',
    { ...section, body: UpdateModuleRequestSchema },
    (id, request) => updateModule(deps, id, request),
  );
  studioCall(router, 'delete', '/api/modules/:id', section, async (id) => {
    await deleteModule(deps, id);
  });
  studioCall(
    router,
    'post',
    '/api/modules/:id/lessons',
    { ...section, body: CreateLessonRequestSchema, created: true, limit: LESSON_BODY_LIMIT },
    (id, request) => createLesson(deps, id, request),
  );
  studioCall(
    router,
    'put',
    '/api/modules/:id/lessons/order',
    { ...section, body: ReorderLessonsRequestSchema },
    (id, request) => reorderLessons(deps, id, request.lessonIds),
  );
  studioCall(
    router,
    'put',
    '/api/lessons/:id/video',
    { ...lesson, body: UpdateLessonRequestSchema, limit: LESSON_BODY_LIMIT },
    (id, request) => updateLesson(deps, id, request),
  );
  studioCall(router, 'delete', '/api/lessons/:id', lesson, async (id) => {
    await deleteLesson(deps, id);
  });

  router.get('/api/course-media', privateNoStore, requireAdmin, async (_req, res) => {
    res.json(await listCourseMedia(deps.db));
  });
}
