/**
 * 'Continue Later' on step 2 of /consultation (docs/behaviour/consultation-and-contact.md#continue-later).
 *
 * `POST /api/consultation/:id/continue-later`, no body; authorised as the upload (`X-Upload-Token`, the
 *   owner or the admin). E-mails the submission's address a `/consultation?token=…` link that opens step 2
 *   again → 200 ContinueLaterResponse. The same answer when the address was e-mailed too often lately
 *   (nothing more is sent). 409 CONTINUE_LATER_MESSAGES.alreadyCompleted once the request was completed.
 * `GET /api/consultation/access?token=` (lookup.ts) opens the link; its `completed` says whether the page
 *   should go to /additional-upload instead.
 * `GET /api/consultation/:id/progress`, authorised as the upload → ConsultationProgress: whether the request
 *   this device remembers is still open (reopening /consultation offers to continue only then).
 */
import { z } from 'zod';
import { actionSucceeded, isoDateTime } from '../fields.js';

/** How long an e-mailed 'Continue Later' link works. */
export const CONTINUE_LINK_TTL_DAYS = 30;

export const CONTINUE_LATER_MESSAGES = {
  /** The answer's message, shown as the page's toast. */
  sent: 'We e-mailed you a link back to this step. Your request is also kept on this device.',
  sentTitle: 'Link Sent',
  alreadyCompleted: 'This consultation request is already complete.',
  failedTitle: 'Link Not Sent',
  failedDescription: 'We could not e-mail your link. Please try again.',
} as const;

export const ContinueLaterResponseSchema = z.object({
  ...actionSucceeded,
  /** When the e-mailed link stops working. */
  expiresAt: isoDateTime,
});
export type ContinueLaterResponse = z.infer<typeof ContinueLaterResponseSchema>;

export const ConsultationProgressSchema = z.object({
  submissionId: z.string(),
  businessName: z.string(),
  /** The owner completed it ('Complete Submission & Send Confirmation'). */
  completed: z.boolean(),
});
export type ConsultationProgress = z.infer<typeof ConsultationProgressSchema>;
