/**
 * `GET /api/demo-video/:file`: the public promotional media
 * (docs/behaviour/public-site-and-catalogue.md#promotional-media). Only whitelisted names are served: the
 * files of lessons a visitor may open (free, or first of their section) plus any name containing demo,
 * preview, introduction or free, and only when that object exists under `course-media/`. Everything else is a
 * 404 and a warning in the log.
 *
 * `GET /internal/demo-video-files`: the open lessons' files, for the gateway, which sends the whitelisted
 * files from the course's folder itself in the embedded mode and asks here again only when its copy is a
 * second old (docs/decisions.md, 71); revalidated against the catalogue version like the public catalogue.
 */
import {
  DEMO_CACHE_CONTROL,
  hasPromotionalName,
  isDemoFileName,
  isDocumentFileName,
  type DemoVideoFiles,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { contentTypeForFileName, serveObject } from '@platform/service-kit/http';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ErrorRequestHandler, Request, RequestHandler, Router } from 'express';
import type { CourseConfig } from '../config.js';
import { createCacheableAnswers } from '../catalogue/cacheable-answers.js';
import { listOpenLessonFiles } from '../catalogue/list-open-lesson-files.js';
import { courseMediaKey } from './bundled-media.js';

function refuse(req: Request, file: string | undefined, reason: string): AppError {
  req.log?.warn({ file, reason }, 'refused a file on the public demo path');
  return new AppError('not_found', 'Video not found');
}

export function demoVideoRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const answers = createCacheableAnswers(deps.db);
  router.get('/internal/demo-video-files', async (req, res) => {
    await answers.send(req, res, 'demo-video-files', async (): Promise<DemoVideoFiles> => {
      return { files: [...(await listOpenLessonFiles(deps.db))].sort() };
    });
  });

  router.get('/api/demo-video/:file', async (req, res) => {
    const { file } = req.params;
    if (!isDemoFileName(file)) throw refuse(req, file, 'not a plain media file name');
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
