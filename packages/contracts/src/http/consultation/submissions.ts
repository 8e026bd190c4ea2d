/**
 * Submission views (docs/behaviour/consultation-and-contact.md#api-calls):
 * - `GET /api/my-consultations`: the signed-in caller's own (matched by user id or by the account's
 *   e-mail), newest first, as MyConsultation[]; 401 for visitors (the page treats it as 'Session Expired').
 * - `GET /api/consultations` (admin): every submission, newest first, as AdminConsultation[]; 401 / 403.
 * - `POST /api/consultations/:id/respond` (admin): RespondConsultationRequest → the updated
 *   AdminConsultation. `status: 'completed'` needs a non-empty response (in the body or already saved):
 *   400 RESPONSE_REQUIRED_MESSAGE. Saving notes alone leaves the status as it is.
 * File links (`imageFiles`, `files[].url`, …) are `/api/consultation-files/<fileId>`: the owner and admins
 * may open them (inline for images and videos, as a download otherwise).
 */
import { z } from 'zod';
import { plainText } from '../text.js';
import { ConsultationFileKindSchema } from './upload-files.js';
import { isoDateTime } from '../fields.js';

export const CONSULTATION_STATUSES = ['pending', 'in_review', 'completed', 'cancelled'] as const;
export const ConsultationStatusSchema = z.enum(CONSULTATION_STATUSES);
export type ConsultationStatus = z.infer<typeof ConsultationStatusSchema>;

export const ConsultationFileSchema = z.object({
  id: z.string(),
  kind: ConsultationFileKindSchema,
  originalName: z.string(),
  /** The type found in the content (e.g. image/jpeg), not the one the browser stated. */
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** `/api/consultation-files/<id>` */
  url: z.string(),
  createdAt: isoDateTime,
});
export type ConsultationFile = z.infer<typeof ConsultationFileSchema>;

const submissionFields = {
  id: z.string(),
  businessName: z.string(),
  ownerName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  restaurantName: z.string(),
  restaurantPhone: z.string().nullable(),
  location: z.string(),
  currentChallenges: z.string(),
  consultationGoals: z.string(),
  status: ConsultationStatusSchema,
  /** When step 1 saved it. */
  submittedAt: isoDateTime,
  /** When the owner pressed 'Complete Submission & Send Confirmation'; null while unfinished. */
  confirmedAt: isoDateTime.nullable(),
  reviewedAt: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
  consultationResponse: z.string().nullable(),
  /** Menu photos and menu documents count as documents. */
  imageCount: z.number().int().nonnegative(),
  videoCount: z.number().int().nonnegative(),
  documentCount: z.number().int().nonnegative(),
  /** Every stored file, oldest first. */
  files: z.array(ConsultationFileSchema),
};

export const MyConsultationSchema = z.object(submissionFields);
export type MyConsultation = z.infer<typeof MyConsultationSchema>;
export const MyConsultationListSchema = z.array(MyConsultationSchema);

export const AdminConsultationSchema = z.object({
  ...submissionFields,
  userId: z.string().nullable(),
  /** Always null: kept because the admin view reads it as a fallback for the business name. */
  businessType: z.string().nullable(),
  /** Paths of the files by kind (menu photos are listed with the documents). */
  imageFiles: z.array(z.string()),
  videoFiles: z.array(z.string()),
  documentFiles: z.array(z.string()),
  responseFiles: z.array(z.string()),
  adminNotes: z.string().nullable(),
  updatedAt: isoDateTime,
});
export type AdminConsultation = z.infer<typeof AdminConsultationSchema>;
export const AdminConsultationListSchema = z.array(AdminConsultationSchema);

export const RESPONSE_REQUIRED_MESSAGE =
  'Please provide a consultation response before marking as completed.';

export const RespondConsultationRequestSchema = z
  .object({
    status: z
      .enum(['in_review', 'completed'], { error: "status must be 'in_review' or 'completed'" })
      .optional(),
    adminNotes: plainText(
      z.string({ error: 'Admin notes must be text' }).max(10_000, 'Admin notes are too long'),
      { multiline: true },
    ).optional(),
    consultationResponse: plainText(
      z
        .string({ error: 'The consultation response must be text' })
        .max(20_000, 'The consultation response is too long'),
      { multiline: true },
    ).optional(),
  })
  .refine(
    (body) =>
      body.status !== undefined || body.adminNotes !== undefined || body.consultationResponse !== undefined,
    { error: 'Nothing to update' },
  );
export type RespondConsultationRequest = z.infer<typeof RespondConsultationRequestSchema>;

export const ADMIN_CONSULTATION_MESSAGES = {
  responseRequiredTitle: 'Response Required',
  responseRequired: RESPONSE_REQUIRED_MESSAGE,
  statusFailed: 'Failed to update consultation status.',
  notesFailed: 'Failed to save notes.',
  listFailed: 'Failed to fetch consultation submissions',
} as const;
