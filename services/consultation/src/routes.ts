/** The consultation service's HTTP routes (behind the gateway's internal token). */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { ConsultationConfig } from './config.js';
import { callRoutes } from './calls/calls.router.js';
import { contactRoutes } from './contact/contact.router.js';
import { createRateLimits } from './http/rate-limits.js';
import { lookupRoutes } from './lookup/lookup.router.js';
import { messageRoutes } from './messages/messages.router.js';
import { submissionRoutes } from './submissions/submissions.router.js';
import { fileRulesFrom } from './uploads/file-rules.js';
import { fileRoutes } from './uploads/files.router.js';
import { resumableUploadRoutes } from './uploads/resumable-uploads.js';

export function consultationRoutes(router: Router, deps: ServiceDeps<ConsultationConfig>): void {
  const limits = createRateLimits(deps);
  const rules = fileRulesFrom(deps.config);
  // Before `/:id/…`: `access` is not a submission id.
  lookupRoutes(router, deps, limits);
  submissionRoutes(router, deps, limits, rules);
  messageRoutes(router, deps, limits);
  callRoutes(router, deps, limits);
  fileRoutes(router, deps);
  resumableUploadRoutes(router, deps, rules);
  contactRoutes(router, deps, limits);
}
