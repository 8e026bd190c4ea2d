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
import { privateNoStore, routesWith, validate, type PolicyRoutes } from '@platform/service-kit/http';
import { requireAdmin, type AdminCaller, type SignedIn } from '@platform/service-kit/identity';
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
 * One studio call on the studio's admin routes (admin only, never cached): the path's `id` checked (an id
 * that does not parse is the resource's own 404), the body checked when the call has one. The answer is sent
 * as JSON (201 when the call creates), or 204 when there is none.
 */
function studioCall<TBody extends z.ZodType | undefined = undefined>(
  admin: PolicyRoutes<SignedIn<AdminCaller>>,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  {
    body,
    created = false,
    ...options
  }: { body?: TBody; created?: boolean; notFound: string; limit?: string },
  answer: (id: number, body: TBody extends z.ZodType ? z.output<TBody> : undefined) => Promise<unknown>,
): void {
  admin[method](path, validate({ params: ContentIdParamsSchema, body }, options), async (req, res) => {
    const result = await answer(req.params.id, req.body);
    if (result === undefined) res.status(204).end();
    else res.status(created ? 201 : 200).json(result);
  });
}

export function studioRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const admin = routesWith(router, { cache: privateNoStore, access: requireAdmin });
  const course = { notFound: COURSE_NOT_FOUND_MESSAGE };
  const section = { notFound: MODULE_NOT_FOUND_MESSAGE };
  const lesson = { notFound: LESSON_NOT_FOUND_MESSAGE };

  studioCall(admin, 'get', '/api/courses/:id/modules', course, (id) => listStudioSections(deps.db, id));
  studioCall(
    admin,
    'post',
    '/api/courses/:id/modules',
    { ...course, body: CreateModuleRequestSchema, created: true },
    (id, request) => createModule(deps, id, request),
  );
  studioCall(
    admin,
    'put',
    '/api/courses/:id/modules/order',
    { ...course, body: ReorderModulesRequestSchema },
    (id, request) => reorderModules(deps, id, request.moduleIds),
  );
  studioCall(
    admin,
    'put',
    '/api/modules/:id',
    { ...section, body: UpdateModuleRequestSchema },
    (id, request) => updateModule(deps, id, request),
  );
  studioCall(admin, 'delete', '/api/modules/:id', section, async (id) => {
    await deleteModule(deps, id);
  });
  studioCall(
    admin,
    'post',
    '/api/modules/:id/lessons',
    { ...section, body: CreateLessonRequestSchema, created: true, limit: LESSON_BODY_LIMIT },
    (id, request) => createLesson(deps, id, request),
  );
  studioCall(
    admin,
    'put',
    '/api/modules/:id/lessons/order',
    { ...section, body: ReorderLessonsRequestSchema },
    (id, request) => reorderLessons(deps, id, request.lessonIds),
  );
  studioCall(
    admin,
    'put',
    '/api/lessons/:id/video',
    { ...lesson, body: UpdateLessonRequestSchema, limit: LESSON_BODY_LIMIT },
    (id, request) => updateLesson(deps, id, request),
  );
  studioCall(admin, 'delete', '/api/lessons/:id', lesson, async (id) => {
    await deleteLesson(deps, id);
  });

  admin.get('/api/course-media', async (_req, res) => {
    res.json(await listCourseMedia(deps.db));
  });
}
