/**
 * `GET /api/video-stream/:file` and `GET /video-stream/:file`
 * (docs/behaviour/member-learning.md#lesson-player): a lesson's own media, only for a member whose enrolment
 * covers a lesson with that file and for whom that lesson is open (its section released, or the lesson
 * completed), and for admins; a lesson's captions (WebVTT) alike. With S3 the answer is a 302 to a presigned
 * URL that lives PRESIGN_SECONDS; with the local store and MEDIA_URLS_FROM_GATEWAY, a 302 to a signed
 * same-origin `/api/media/…` address the gateway sends from the folder (docs/decisions.md, 52); otherwise
 * the bytes are served here with full range support.
 */
import {
  isDocumentFileName,
  isPlainFileName,
  MEMBERSHIP_REQUIRED_MESSAGE,
  SECTION_LOCKED_MESSAGE,
  VIDEO_NOT_FOUND_MESSAGE,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError, isAppError } from '@platform/service-kit/errors';
import { contentTypeForFileName, privateNoStore, routesWith } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ErrorRequestHandler, Request, RequestHandler, Router } from 'express';
import { isCaptionsFileName, mediaFileName } from '../catalogue/lesson-media.js';
import type { CourseConfig } from '../config.js';
import { isLessonOpen, loadCourseState, type SignedInCaller } from '../learning/course-access.js';
import {
  listLessonProgress,
  listLessonsWithMedia,
  listStandingEnrolments,
} from '../learning/learning.repository.js';
import { courseMediaKey } from './bundled-media.js';
import { serveLessonMedia } from './serve-lesson-media.js';

function notFound(req: Request, file: string | undefined, reason: string): AppError {
  req.log?.warn({ file, reason }, 'refused a file on the member video stream');
  return new AppError('not_found', VIDEO_NOT_FOUND_MESSAGE);
}

/** Throws 403 unless the caller may open some lesson that uses `file`. */
async function assertMayStream(
  db: Executor,
  caller: SignedInCaller,
  file: string,
  now: Date,
  req: Request,
): Promise<void> {
  if (caller.role === 'admin') return;
  const candidates = (await listLessonsWithMedia(db)).filter(
    (lesson) => mediaFileName(lesson.videoUrl) === file || lesson.captionsFile === file,
  );
  const courseIds = [...new Set(candidates.map((lesson) => lesson.courseId))];
  const enrolments = await listStandingEnrolments(db, caller.userId, courseIds);
  const enrolled = new Set(enrolments.map((row) => row.courseId));
  // Without the course, the files of the lessons a visitor may open (docs/behaviour/member-learning.md#free-lessons-without-membership).
  const previewed = candidates.filter((lesson) => lesson.isPublishedCourse && !enrolled.has(lesson.courseId));
  for (const courseId of [...enrolled, ...new Set(previewed.map((lesson) => lesson.courseId))]) {
    const state = await loadCourseState(db, { caller, courseId, now });
    const lessons = candidates.filter((lesson) => lesson.courseId === courseId);
    const progress = new Map(
      (
        await listLessonProgress(
          db,
          caller.userId,
          lessons.map((lesson) => lesson.id),
        )
      ).map((row) => [row.lessonId, row]),
    );
    if (lessons.some((lesson) => isLessonOpen(state, lesson, progress.get(lesson.id)))) return;
  }
  // No enrolment in any course using the file (or no such lesson file at all): the same 403 either
  // way, so a free account cannot probe which file names are lessons.
  if (enrolments.length === 0) throw new AppError('forbidden', MEMBERSHIP_REQUIRED_MESSAGE);
  req.log?.info({ file }, 'refused a locked lesson file on the member video stream');
  throw new AppError('forbidden', SECTION_LOCKED_MESSAGE);
}

export function videoStreamRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const signedIn = routesWith(router, { cache: privateNoStore, access: requireUser });
  for (const base of ['/api/video-stream', '/video-stream']) {
    signedIn.get(`${base}/:file`, async (req, res) => {
      const file = typeof req.params.file === 'string' ? req.params.file : '';
      if (!isPlainFileName(file)) throw notFound(req, file, 'not a plain file name');
      await assertMayStream(deps.db, req.caller, file, deps.clock.now(), req);
      const store = deps.store;
      const info = store ? await store.stat(courseMediaKey(file)) : null;
      if (!store || !info) throw notFound(req, file, 'no such file in the store');
      const isDocument = isDocumentFileName(file);
      // Captions are a few hundred bytes, and a <track> cannot follow a redirect to another origin
      // without CORS: they are always served from here.
      await serveLessonMedia(
        req,
        res,
        { store, info },
        {
          contentType: contentTypeForFileName(file) ?? info.contentType,
          redirect: !isCaptionsFileName(file),
          ...(isDocument && { disposition: 'attachment', filename: file }),
        },
      );
    });

    // Several segments, other methods, or a name that does not even decode: no such video.
    const refuseOthers: RequestHandler = (req, res, next) => {
      res.set('Cache-Control', 'private, no-store');
      if (req.caller?.kind !== 'user') return next(new AppError('unauthenticated', 'Unauthorized'));
      next(notFound(req, req.path, 'not a single file name'));
    };
    const refuseUndecodable: ErrorRequestHandler = (error, req, _res, next) => {
      if (isAppError(error)) return next(error);
      next(error instanceof URIError ? notFound(req, req.path, 'malformed percent-encoding') : error);
    };
    router.use(base, refuseOthers, refuseUndecodable);
  }
}
