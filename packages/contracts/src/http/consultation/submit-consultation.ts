/**
 * `POST /api/consultation` (step 1 of /consultation,
 * docs/behaviour/consultation-and-contact.md#step-1-business-information): visitors and signed-in users. 200
 * `{ success, submissionId, message, uploadToken }`; 400 with the first failing field's message, in the
 * form's order; 400 BUSINESS_EMAIL_MESSAGE for a disposable address; 429 when one client sends too many. Keep
 * `uploadToken` for step 2: send it as the `X-Upload-Token` header of the upload and complete calls
 * (docs/decisions.md, 16). `requestId` (optional, a UUID the page makes for the values it sends) makes step 1
 * sent again after its answer was lost the same request: one submission, answered with the same id
 * (docs/decisions.md, 119); the same id with other values: 409.
 */
import { z } from 'zod';
import { optionalTextField, textField } from '../text.js';
import { businessEmailSchema, CONSULTATION_EMAIL_MESSAGE } from './business-email.js';
import { actionSucceeded } from '../fields.js';

export const CONSULTATION_MESSAGES = {
  businessName: 'Business name must be at least 2 characters',
  businessNameTooLong: 'Business name must be at most 100 characters',
  ownerName: 'Owner name must be at least 2 characters',
  ownerNameTooLong: 'Owner name must be at most 100 characters',
  email: CONSULTATION_EMAIL_MESSAGE,
  phoneTooLong: 'Phone number must be at most 40 characters',
  restaurantName: 'Please enter your restaurant name',
  restaurantNameTooLong: 'Restaurant name must be at most 100 characters',
  location: 'Please provide your business location',
  locationTooLong: 'Location must be at most 200 characters',
  currentChallenges: 'Please describe your current challenges (minimum 20 characters)',
  currentChallengesTooLong: 'Current challenges must be at most 2000 characters',
  consultationGoals: 'Please describe your consultation goals (minimum 20 characters)',
  consultationGoalsTooLong: 'Consultation goals must be at most 2000 characters',
  requestIdInvalid: 'The request id must be a UUID',
  requestIdTaken: 'This request id belongs to another request',
  /** The page's toasts. */
  savedTitle: 'Information Saved',
  invalidEmailTitle: 'Invalid Email',
  failedTitle: 'Submission Failed',
  failedDescription: 'Please check your information and try again.',
} as const;

/** The body's `message` on success. */
export const CONSULTATION_SAVED_MESSAGE = 'Consultation information saved. You can now upload your files.';

function text(min: number, max: number, message: string, tooLong: string, multiline = false) {
  return textField({ min, max, required: message, tooLong, multiline });
}

/** Optional text: absent, null and blank all mean "not given". */
function optionalText(max: number, tooLong: string) {
  return optionalTextField({ max, tooLong });
}

export const ConsultationRequestSchema = z.object({
  businessName: text(2, 100, CONSULTATION_MESSAGES.businessName, CONSULTATION_MESSAGES.businessNameTooLong),
  ownerName: text(2, 100, CONSULTATION_MESSAGES.ownerName, CONSULTATION_MESSAGES.ownerNameTooLong),
  email: businessEmailSchema(CONSULTATION_MESSAGES.email),
  phone: optionalText(40, CONSULTATION_MESSAGES.phoneTooLong),
  restaurantPhone: optionalText(40, CONSULTATION_MESSAGES.phoneTooLong),
  restaurantName: text(
    1,
    100,
    CONSULTATION_MESSAGES.restaurantName,
    CONSULTATION_MESSAGES.restaurantNameTooLong,
  ),
  location: text(5, 200, CONSULTATION_MESSAGES.location, CONSULTATION_MESSAGES.locationTooLong),
  currentChallenges: text(
    20,
    2000,
    CONSULTATION_MESSAGES.currentChallenges,
    CONSULTATION_MESSAGES.currentChallengesTooLong,
    true,
  ),
  consultationGoals: text(
    20,
    2000,
    CONSULTATION_MESSAGES.consultationGoals,
    CONSULTATION_MESSAGES.consultationGoalsTooLong,
    true,
  ),
  /** The id the page gave these values: sent again, it is the same request. */
  requestId: z.uuid({ error: CONSULTATION_MESSAGES.requestIdInvalid }).optional(),
});
/** What the form holds (phone fields may be ''). */
export type ConsultationRequest = z.input<typeof ConsultationRequestSchema>;
export type ConsultationRequestParsed = z.output<typeof ConsultationRequestSchema>;

export const ConsultationResponseSchema = z.object({
  success: z.literal(true),
  /** Unguessable (22+ characters, base64url). */
  submissionId: z.string().min(1),
  message: z.string(),
  /** Authorises step 2 (upload, complete) for this submission: header `X-Upload-Token`. */
  uploadToken: z.string().min(1),
});
export type ConsultationResponse = z.infer<typeof ConsultationResponseSchema>;

/**
 * `POST /api/consultation/:id/complete` ('Complete Submission & Send Confirmation'), no body; auth as the
 * upload. 200 `{ success: true, message, inMyConsultations }`; a second call answers the same and sends
 * nothing again.
 */
export const CompleteConsultationResponseSchema = z.object({
  ...actionSucceeded,
  /** The signed-in caller owns the request, so /my-consultations lists it: the page goes there next. */
  inMyConsultations: z.boolean(),
});
export type CompleteConsultationResponse = z.infer<typeof CompleteConsultationResponseSchema>;
export const CONSULTATION_COMPLETED_MESSAGE =
  "Your consultation request has been submitted. We'll review it within 24-48 hours.";
