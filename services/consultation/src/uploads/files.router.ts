/**
 * `GET /api/consultation-files/:fileId`: a submission's file, for its owner and admins only
 * (docs/decisions.md, 17), answered by `sendStoredFile` (always `nosniff`; S3 by a presigned redirect).
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import { findFileWithSubmission } from '../submissions/submissions.repository.js';
import { storedFileRoute } from './stored-file-route.js';

export function fileRoutes(router: Router, deps: ServiceDeps<ConsultationConfig>): void {
  storedFileRoute(router, deps, '/api/consultation-files/:fileId', {
    find: findFileWithSubmission,
    strangers: 'forbidden',
  });
}
