/**
 * /additional-upload (docs/behaviour/consultation-and-contact.md#e-mail-lookup; docs/decisions.md, 15).
 *
 * `GET /api/consultations-by-email?email=`: a signed-in caller asking for their own account's address
 *   gets `{ linkEmailed: false, consultations }` at once: those they own (sent signed in, or under a
 *   proven address; maybe []: 'No Consultations Found'). An account that never proved its address and
 *   sent none signed in is answered as anyone else (its address may hold a stranger's). Anyone else gets `{ linkEmailed: true, consultations: [] }` whether or not the address has any: when it
 *   does, a link to each (newest first) is e-mailed to it. 400 CONSULTATION_EMAIL_MESSAGE for a bad
 *   address, 429 when one client asks too often.
 * `GET /api/consultation/access?token=`: opens the upload step from an e-mailed link (an add-files link,
 *   or a 'Continue Later' link to /consultation) → ConsultationAccess; 400 INVALID_LINK_MESSAGE when the
 *   token is unknown or expired. Send `uploadToken` as `X-Upload-Token` to the upload calls.
 */
import { z } from 'zod';
import { plainText } from '../text.js';
import { businessEmailSchema, CONSULTATION_EMAIL_MESSAGE } from './business-email.js';
import { MyConsultationSchema } from './submissions.js';
import { isoDateTime } from '../fields.js';

export const ConsultationLookupQuerySchema = z.object({
  email: plainText(
    z
      .string({ error: CONSULTATION_EMAIL_MESSAGE })
      .trim()
      .max(254, CONSULTATION_EMAIL_MESSAGE)
      .regex(/^[^\s@]+@[^\s@]+$/, CONSULTATION_EMAIL_MESSAGE),
    { message: CONSULTATION_EMAIL_MESSAGE },
  ),
});
export type ConsultationLookupQuery = z.infer<typeof ConsultationLookupQuerySchema>;
/** The form's check (the stricter Email rule), for the page's input. */
export const ConsultationLookupFormSchema = z.object({
  email: businessEmailSchema(CONSULTATION_EMAIL_MESSAGE),
});

export const ConsultationLookupResponseSchema = z.object({
  linkEmailed: z.boolean(),
  consultations: z.array(MyConsultationSchema),
  message: z.string(),
});
export type ConsultationLookupResponse = z.infer<typeof ConsultationLookupResponseSchema>;

export const LOOKUP_MESSAGES = {
  linkEmailed:
    "If we have consultations for this email address, we've sent it a link to add files. Please check your inbox.",
  found: 'Consultations found for your account.',
  none: 'No consultations found for your account.',
  /** The page's texts. */
  notFoundTitle: 'No Consultation Found',
  notFoundDescription: "We couldn't find any consultation submissions for this email address.",
  emptyTitle: 'No Consultations Found',
  tryDifferentEmail: 'Try Different Email',
} as const;

/** How long e-mailed links work. */
export const LOOKUP_LINK_TTL_HOURS = 24;
export const COMPLETION_LINK_TTL_DAYS = 30;

export const ConsultationAccessQuerySchema = z.object({
  token: z.string({ error: 'This link is invalid or has expired.' }).regex(/^[A-Za-z0-9_-]{20,200}$/, {
    error: 'This link is invalid or has expired.',
  }),
});
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

export const ConsultationAccessSchema = z.object({
  submissionId: z.string(),
  businessName: z.string(),
  restaurantName: z.string(),
  /** Works as `X-Upload-Token` for this submission until `expiresAt`. */
  uploadToken: z.string(),
  expiresAt: isoDateTime,
  /** The owner already completed the request: more files go through /additional-upload. */
  completed: z.boolean(),
  /** The signed-in caller owns the request, so /my-consultations lists it. */
  inMyConsultations: z.boolean(),
});
export type ConsultationAccess = z.infer<typeof ConsultationAccessSchema>;
