/**
 * `/additional-upload?token=…` and the 'Continue Later' link `/consultation?token=…`: what an e-mailed link
 * opens (its token then authorises the uploads).
 */
import { INVALID_LINK_MESSAGE, type ConsultationAccess } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request } from 'express';
import type { ConsultationConfig } from '../config.js';
import { hashToken } from '../lib/tokens.js';
import { isOwner } from '../submissions/authorize-submission.js';
import { findLiveLink, findSubmission } from '../submissions/submissions.repository.js';

export async function openLink(
  deps: ServiceDeps<ConsultationConfig>,
  req: Request,
  token: string,
): Promise<ConsultationAccess> {
  const link = await findLiveLink(deps.db, hashToken(token), deps.clock.now());
  const submission = link ? await findSubmission(deps.db, link.submissionId) : null;
  if (!link || !submission) throw new AppError('invalid', INVALID_LINK_MESSAGE);
  return {
    submissionId: submission.id,
    businessName: submission.businessName,
    restaurantName: submission.restaurantName,
    uploadToken: token,
    expiresAt: link.expiresAt.toISOString(),
    completed: submission.confirmedAt !== null,
    inMyConsultations: isOwner(req.caller, submission),
  };
}
