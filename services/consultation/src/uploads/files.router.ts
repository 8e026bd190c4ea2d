/**
 * `GET /api/consultation-files/:fileId`: a submission's file, for its owner and admins only
 * (docs/decisions.md, 17), answered by `sendStoredFile` (always `nosniff`; S3 by a presigned redirect).
 */
import { CONSULTATION_FILE_NOT_FOUND_MESSAGE, ConsultationFileIdParamsSchema } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import { isOwner } from '../submissions/authorize-submission.js';
import { findFileWithSubmission } from '../submissions/submissions.repository.js';
import { privateFileHeaders, sendStoredFile } from './send-stored-file.js';

export function fileRoutes(router: Router, deps: ServiceDeps<ConsultationConfig>): void {
  router.get(
    '/api/consultation-files/:fileId',
    privateFileHeaders,
    requireUser,
    validate({ params: ConsultationFileIdParamsSchema }),
    async (req, res) => {
      const found = await findFileWithSubmission(deps.db, req.params.fileId);
      if (!found) throw new AppError('not_found', CONSULTATION_FILE_NOT_FOUND_MESSAGE);
      const isAdmin = req.caller.role === 'admin';
      if (!isAdmin && !isOwner(req.caller, found.submission))
        throw new AppError('forbidden', 'Access denied');
      await sendStoredFile(req, res, deps.store, found.file);
    },
  );
}
