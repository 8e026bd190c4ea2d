/**
 * `GET /api/consultation-files/:fileId`: a submission's file, for its owner and admins only
 * (docs/decisions.md, 17). Images and videos open inline, anything else downloads; always `nosniff`, and the
 * stored type is the one found in the content. Local store: streamed here with ranges (video seeking);
 * S3: a 302 to a short-lived presigned URL carrying the same type and disposition.
 */
import { CONSULTATION_FILE_NOT_FOUND_MESSAGE, ConsultationFileIdParamsSchema } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { contentDisposition, serveObject, validate, type Middleware } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import { isOwner } from '../submissions/authorize-submission.js';
import { findFileWithSubmission } from '../submissions/submissions.repository.js';

export const PRESIGN_SECONDS = 300;
const NOT_FOUND = CONSULTATION_FILE_NOT_FOUND_MESSAGE;

const noStore: Middleware = (_req, res, next) => {
  res.set({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
  next();
};

export function fileRoutes(router: Router, deps: ServiceDeps<ConsultationConfig>): void {
  router.get(
    '/api/consultation-files/:fileId',
    noStore,
    requireUser,
    validate({ params: ConsultationFileIdParamsSchema }),
    async (req, res) => {
      const found = await findFileWithSubmission(deps.db, req.params.fileId);
      if (!found) throw new AppError('not_found', NOT_FOUND);
      const isAdmin = req.caller.role === 'admin';
      if (!isAdmin && !isOwner(req.caller, found.submission))
        throw new AppError('forbidden', 'Access denied');

      const { file } = found;
      const inline = file.contentType.startsWith('image/') || file.contentType.startsWith('video/');
      const store = deps.store;
      if (!store) throw new AppError('unavailable', 'File storage is not available');
      if (store.kind === 's3') {
        const url = await store.presignGet(file.objectKey, {
          expiresInSeconds: PRESIGN_SECONDS,
          contentType: file.contentType,
          contentDisposition: contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
        });
        if (url) {
          res.redirect(302, url);
          return;
        }
      }
      await serveObject(req, res, {
        store,
        key: file.objectKey,
        contentType: file.contentType,
        disposition: inline ? 'inline' : 'attachment',
        filename: file.originalName,
        cacheControl: 'private, no-cache',
        notFoundMessage: NOT_FOUND,
      });
    },
  );
}
