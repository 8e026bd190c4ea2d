/**
 * A lesson's adaptive streams and poster (docs/behaviour/member-learning.md#lesson-player): the master
 * playlist, each rendition's playlist and segments, and the poster frame, under the lesson's own rule for
 * every request (visitor 401, no course 403, locked 403, open lessons for members, every lesson for the
 * admin; docs/decisions.md, 49). Only the lesson's current streams are served.
 *
 * Playlists always come from here: they are a few hundred bytes and name their files relatively, so the
 * player asks this route for each file and each is checked. Segments and the poster answer a 302 to an
 * address that lives PRESIGN_SECONDS: presigned on S3, or, with the local folder and
 * MEDIA_URLS_FROM_GATEWAY, a signed same-origin `/api/media/…` the gateway sends (docs/decisions.md, 52);
 * so their bytes never pass through this service. Without either they are served here (ranges, validators).
 */
import {
  ContentIdParamsSchema,
  LessonHlsMasterParamsSchema,
  LessonHlsRenditionParamsSchema,
  VIDEO_NOT_FOUND_MESSAGE,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { privateNoStore, routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request, Response, Router } from 'express';
import type { LessonRow } from '../catalogue/catalogue.repository.js';
import type { CourseConfig } from '../config.js';
import { assertLessonOpen, loadCourseState, type SignedInCaller } from '../learning/course-access.js';
import { findLesson, listLessonProgress } from '../learning/learning.repository.js';
import { hlsContentType, hlsFileKey, hlsSetOf } from '../transcoding/hls-files.js';
import { COURSE_MEDIA_PREFIX } from './bundled-media.js';
import { serveLessonMedia } from './serve-lesson-media.js';

const notFound = () => new AppError('not_found', VIDEO_NOT_FOUND_MESSAGE);

/** The lesson when the caller may open it; 404 / 403 exactly as the lesson itself answers. */
async function openLessonFor(
  db: Executor,
  caller: SignedInCaller,
  lessonId: number,
  now: Date,
): Promise<LessonRow> {
  const found = await findLesson(db, lessonId);
  if (!found || (!found.isVisible && caller.role !== 'admin')) throw notFound();
  const state = await loadCourseState(db, { caller, courseId: found.courseId, now });
  const [progress] = await listLessonProgress(db, caller.userId, [lessonId]);
  assertLessonOpen(state, found.lesson, progress);
  return found.lesson;
}

async function serveLessonFile(
  deps: ServiceDeps<CourseConfig>,
  req: Request,
  res: Response,
  key: string,
  options: { redirect: boolean },
): Promise<void> {
  const store = deps.store;
  const info = store ? await store.stat(key) : null;
  if (!store || !info) throw notFound();
  await serveLessonMedia(req, res, { store, info }, { contentType: hlsContentType(key), ...options });
}

export function hlsStreamRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const open = (caller: SignedInCaller, lessonId: number) =>
    openLessonFor(deps.db, caller, lessonId, deps.clock.now());
  // The routes' own parameters are typed by their schemas; serving needs only the request's headers.
  const plain = (req: unknown) => req as Request;
  /** A file of the lesson's HLS set, when that set is the one the lesson plays now. */
  const serveHlsFile = async (
    req: { caller: SignedInCaller },
    res: Response,
    file: { id: number; set: string; path: string },
    options: { redirect: boolean },
  ) => {
    const lesson = await open(req.caller, file.id);
    if (hlsSetOf(lesson.id, lesson.hlsUrl) !== file.set) throw notFound();
    await serveLessonFile(deps, plain(req), res, hlsFileKey(file.id, file.set, file.path), options);
  };

  const signedIn = routesWith(router, { cache: privateNoStore, access: requireUser });

  signedIn.get(
    '/api/lessons/:id/hls/:set/:file',
    validate({ params: LessonHlsMasterParamsSchema }, { notFound: VIDEO_NOT_FOUND_MESSAGE }),
    async (req, res) => {
      const { id, set, file } = req.params;
      await serveHlsFile(req, res, { id, set, path: file }, { redirect: false });
    },
  );

  signedIn.get(
    '/api/lessons/:id/hls/:set/:rendition/:file',
    validate({ params: LessonHlsRenditionParamsSchema }, { notFound: VIDEO_NOT_FOUND_MESSAGE }),
    async (req, res) => {
      const { id, set, rendition, file } = req.params;
      await serveHlsFile(
        req,
        res,
        { id, set, path: `${rendition}/${file}` },
        { redirect: file.endsWith('.ts') },
      );
    },
  );

  signedIn.get(
    '/api/lessons/:id/poster',
    validate({ params: ContentIdParamsSchema }, { notFound: VIDEO_NOT_FOUND_MESSAGE }),
    async (req, res) => {
      const lesson = await open(req.caller, req.params.id);
      const key = lesson.posterUrl;
      if (!key?.startsWith(COURSE_MEDIA_PREFIX)) throw notFound();
      await serveLessonFile(deps, plain(req), res, key, { redirect: true });
    },
  );
}
