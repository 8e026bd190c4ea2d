/**
 * An owner's consultation files through the resumable uploads at `/api/uploads` (tus 1.0.0;
 * docs/decisions.md, 16, 17 and 29; the shared rules in `../uploads.ts`), for the files too large to send
 * in one request: the walkthrough video and other large files of step 2.
 *
 * `POST /api/uploads` with `Upload-Metadata` decoded into ConsultationUploadMetadataSchema: `purpose`
 *   `consultation`, `filename`, `filetype` (what the browser states; never trusted), `submissionId`,
 *   `fileType` (images, videos, documents or menu_photos, as the multipart `fileType` field) and, unless the
 *   header `X-Upload-Token` carries it, `uploadToken`. The token is checked and never kept with the upload.
 *   `Upload-Length` at most the kind's limit (413). 201 with `Location: /api/uploads/cf-{hex}`.
 * Every later request (`HEAD`, `PATCH`, `DELETE`, `GET …/result`) needs the same right to the submission as
 *   the multipart upload: `X-Upload-Token` (the step-1 token or an e-mailed link's), the owner's session,
 *   or an admin. 401 with none, 403 with the wrong one, 404 for an unknown upload or submission.
 * The PATCH that completes the file answers 200 with a ConsultationUploadResult once its content passed the
 *   kind's check (then it is one of the submission's files, listed like the others), or 415 with the reason
 *   (the bytes are removed).
 */
import { z } from 'zod';
import { RESUMABLE_UPLOAD_MESSAGES, StoredUploadFileSchema, UploadFileNameSchema } from '../uploads.js';
import { ConsultationFileKindSchema, UPLOAD_MESSAGES } from './upload-files.js';

const ISSUED_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const ConsultationUploadMetadataSchema = z.object({
  purpose: z.literal('consultation', { error: RESUMABLE_UPLOAD_MESSAGES.purpose }),
  filename: UploadFileNameSchema,
  /** The type the browser states; the stored type comes from the content. */
  filetype: z.string().max(255, 'filetype must be at most 255 characters').optional(),
  submissionId: z.string({ error: 'submissionId is required' }).regex(ISSUED_ID, UPLOAD_MESSAGES.notFound),
  fileType: ConsultationFileKindSchema,
  uploadToken: z.string().max(200, 'uploadToken must be at most 200 characters').optional(),
});
export type ConsultationUploadMetadata = z.infer<typeof ConsultationUploadMetadataSchema>;

export const ConsultationUploadResultSchema = z.object({
  success: z.literal(true),
  uploadId: z.string(),
  submissionId: z.string(),
  kind: ConsultationFileKindSchema,
  /** `path` is the file's address, `/api/consultation-files/<fileId>`, as the multipart answer lists it. */
  file: StoredUploadFileSchema,
});
export type ConsultationUploadResult = z.infer<typeof ConsultationUploadResultSchema>;

export const CONSULTATION_UPLOAD_MESSAGES = {
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  uploadNotFound: 'Upload not found',
} as const;
