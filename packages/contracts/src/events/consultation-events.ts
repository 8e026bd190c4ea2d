/**
 * The consultation service's events (docs/behaviour/consultation-and-contact.md#consultation-status;
 * docs/decisions.md, 15, 16, 19, 22).
 * - `consultation.submission.started`: step 1 saved; auth moves the owner's `consultationStatus` to
 *   `in_progress` (when the e-mail belongs to an account).
 * - `consultation.submission.completed`: the owner pressed 'Complete Submission & Send Confirmation';
 *   auth → `submitted`; the notification service e-mails the owner a confirmation carrying the add-files
 *   link and the support admin a new-request notice.
 * - `consultation.submission.reviewed`: the admin marked it in review (no e-mail).
 * - `consultation.submission.responded`: the admin marked it completed with a response; auth →
 *   `approved`; the owner is e-mailed the response.
 * - `consultation.continue-link.requested`: the owner pressed 'Continue Later' on step 2; the submission's
 *   address is e-mailed a `/consultation?token=` link that opens step 2 again.
 * - `consultation.lookup.requested`: someone asked on /additional-upload for the consultations of an
 *   address they are not signed in as; the address is e-mailed a link that opens the upload step.
 * - `consultation.message.posted`: the owner or the admin wrote in the submission's thread; the
 *   notification service e-mails the other side (the owner at the submission's address, or support).
 * - `consultation.call.booked` / `consultation.call.cancelled`: the owner booked a call in one of the
 *   admin's published slots, or cancelled it (docs/decisions.md, 108); the notification service e-mails
 *   the owner and support an `.ics` invitation (METHOD:REQUEST), or its cancellation (METHOD:CANCEL).
 * - `contact.message.received`: the contact form was sent; it is e-mailed to support.
 * Tokens in these events are the only clear-text copies (the service stores their SHA-256); they travel
 * only inside the platform and reach a person only by e-mail, like the set-password token.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

// Addresses are the forms' (any address the business e-mail rule takes), not zod's stricter `z.email()`,
// which refused some the form had accepted and so turned a valid request into a 500.
const submissionId = z.string().min(1);
/** Set when the e-mail of the submission belongs to an account (or the owner was signed in). */
const userId = z.string().min(1).nullable();
/** Whom a submission is from, as every event about it names them. */
const submissionOwner = { email: AccountEmailSchema, ownerName: z.string(), businessName: z.string() };
/** The submission a step of its life is about: its id, its account and whom it is from. */
const ownedSubmission = { submissionId, userId, ...submissionOwner };

export const ConsultationSubmissionStartedSchema = z.object({
  ...ownedSubmission,
  startedAt: isoDateTime,
});
export type ConsultationSubmissionStarted = z.infer<typeof ConsultationSubmissionStartedSchema>;

export const ConsultationSubmissionCompletedSchema = z.object({
  ...ownedSubmission,
  restaurantName: z.string(),
  location: z.string(),
  imageCount: z.number().int().nonnegative(),
  videoCount: z.number().int().nonnegative(),
  documentCount: z.number().int().nonnegative(),
  /** base64url, opens `/additional-upload?token=<token>` for this submission. */
  addFilesToken: z.string().min(1),
  completedAt: isoDateTime,
});
export type ConsultationSubmissionCompleted = z.infer<typeof ConsultationSubmissionCompletedSchema>;

export const ConsultationSubmissionReviewedSchema = z.object({
  submissionId,
  userId,
  email: AccountEmailSchema,
  reviewedAt: isoDateTime,
});
export type ConsultationSubmissionReviewed = z.infer<typeof ConsultationSubmissionReviewedSchema>;

export const ConsultationSubmissionRespondedSchema = z.object({
  ...ownedSubmission,
  consultationResponse: z.string().min(1),
  completedAt: isoDateTime,
});
export type ConsultationSubmissionResponded = z.infer<typeof ConsultationSubmissionRespondedSchema>;

export const ConsultationContinueLinkRequestedSchema = z.object({
  submissionId,
  ...submissionOwner,
  /** base64url, opens `/consultation?token=<token>` at step 2 of this submission. */
  token: z.string().min(1),
  expiresAt: isoDateTime,
  requestedAt: isoDateTime,
});
export type ConsultationContinueLinkRequested = z.infer<typeof ConsultationContinueLinkRequestedSchema>;

export const ConsultationLookupRequestedSchema = z.object({
  email: AccountEmailSchema,
  /** base64url, opens `/additional-upload?token=<token>`; one per matching submission (newest first). */
  links: z
    .array(
      z.object({
        submissionId,
        businessName: z.string(),
        token: z.string().min(1),
        expiresAt: isoDateTime,
      }),
    )
    .min(1),
  requestedAt: isoDateTime,
});
export type ConsultationLookupRequested = z.infer<typeof ConsultationLookupRequestedSchema>;

export const ConsultationMessagePostedSchema = z.object({
  messageId: z.uuid(),
  submissionId,
  author: z.enum(['owner', 'admin']),
  /** Its `email`, the submission's address, is where the admin's messages go. */
  ...submissionOwner,
  body: z.string().min(1),
  /** How many files the message carries (docs/decisions.md, 107); the mail only says they are there. */
  fileCount: z.number().int().nonnegative().default(0),
  postedAt: isoDateTime,
});
export type ConsultationMessagePosted = z.infer<typeof ConsultationMessagePostedSchema>;

/** A call booked or cancelled: the same data, so the cancellation names the same invitation. */
export const ConsultationCallChangedSchema = z.object({
  bookingId: z.uuid(),
  submissionId,
  ...submissionOwner,
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  ownerTimeZone: z.string(),
  adminTimeZone: z.string(),
  /** The invitation's SEQUENCE: 0 when booked, 1 when cancelled. */
  sequence: z.number().int().nonnegative(),
  changedAt: isoDateTime,
});
export type ConsultationCallChanged = z.infer<typeof ConsultationCallChangedSchema>;

export const ContactMessageReceivedSchema = z.object({
  contactId: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
  email: AccountEmailSchema,
  phone: z.string().nullable(),
  restaurantName: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  receivedAt: isoDateTime,
});
export type ContactMessageReceived = z.infer<typeof ContactMessageReceivedSchema>;
