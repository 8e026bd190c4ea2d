/**
 * `GET /api/demo-video/:file`: the public promotional media
 * (docs/behaviour/public-site-and-catalogue.md#promotional-media). Only whitelisted names are served: the
 * files of lessons a visitor may open (free, or first of their section) plus any name containing demo,
 * preview, introduction or free, and only when that object exists under `course-media/`. Everything else is a
 * 404 and a warning in the log.
 */
import { AppError } from '@platform/service-kit/errors';
import { contentTypeForFileName, serveObject } from '@platform/service-kit/http';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ErrorRequestHandler, Request, RequestHandler, Router } from 'express';
import type { CourseConfig } from '../config.js';
import { hasPromotionalName, isDocumentFileName, isPlainFileName } from '../catalogue/lesson-media.js';
import { listOpenLessonFiles } from '../catalogue/list-open-lesson-files.js';
import { courseMediaKey } from './bundled-media.js';

/** Media players may cache the free previews; the names are public anyway. */
const DEMO_CACHE_CONTROL = 'public, max-age=3600';
/** Only media and documents: nothing a browser would run as a page on our origin. */
const DEMO_FILE_TYPES = /\.(mp4|m4v|webm|mov|ogv|pdf|docx?)$/i;

function refuse(req: Request, file: string | undefined, reason: string): AppError {
  req.log?.warn({ file, reason }, 'refused a file on the public demo path');
  return new AppError('not_found', 'Video not found');
}

export function demoVideoRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  router.get('/api/demo-video/:file', async (req, res) => {
    const { file } = req.params;
    if (!isPlainFileName(file) || !DEMO_FILE_TYPES.test(file))
      throw refuse(req, file, 'not a plain media file name');
    if (!hasPromotionalName(file) && !(await listOpenLessonFiles(deps.db)).has(file)) {
      throw refuse(req, file, 'not on the free preview whitelist');
    }
    const store = deps.store;
    const info = store ? await store.stat(courseMediaKey(file)) : null;
    if (!store || !info) throw refuse(req, file, 'no such file in the store');
    const isDocument = isDocumentFileName(file);
    await serveObject(req, res, {
      store,
      key: info.key,
      info,
      contentType: contentTypeForFileName(file) ?? info.contentType,
      disposition: isDocument ? 'attachment' : 'inline',
      ...(isDocument && { filename: file }),
      cacheControl: DEMO_CACHE_CONTROL,
      notFoundMessage: 'Video not found',
    });
  });

  // Anything else under the path (several segments, other methods) and names that do not even decode.
  const refuseOthers: RequestHandler = (req, _res, next) => {
    next(refuse(req, req.path, 'not a single file name'));
  };
  const refuseUndecodable: ErrorRequestHandler = (error, req, _res, next) => {
    next(error instanceof URIError ? refuse(req, req.path, 'malformed percent-encoding') : error);
  };
  router.use('/api/demo-video', refuseOthers, refuseUndecodable);
}
