/**
 * Step 2 and /additional-upload: files of a submission
 * (docs/behaviour/consultation-and-contact.md#file-rules; docs/decisions.md, 16–17). Every file is checked by
 * its content (magic bytes), not its name or stated type.
 *
 * `POST /api/consultation/:id/upload`: multipart/form-data with repeated `fileType` and `files` parts.
 *   Each `files` part takes the kind of the last `fileType` part BEFORE it, so append `fileType` first
 *   (`form.append('fileType', 'images'); for (f of files) form.append('files', f)`).
 * `POST /api/consultation/:id/additional-files`: multipart fields named `images`, `videos`, `documents`
 *   (the field name is the kind; documents here also take .txt and JPEG/PNG).
 * Auth (either): header `X-Upload-Token` (the step-1 `uploadToken`, or the token of an e-mailed
 *   `/additional-upload?token=` link for that submission), the owner's session, or an admin.
 * Answers: 200 UploadFilesResponse when at least one file was stored (the others listed in `rejected`);
 *   400 UploadRejectedResponse when none was; 401 without a token or session; 403 with a token of another
 *   submission or another user's session; 404 for an unknown submission. Files past
 *   MAX_FILES_PER_REQUEST in one request are each rejected (the first 30 are still checked and kept).
 */
import { z } from 'zod';

export const UPLOAD_TOKEN_HEADER = 'X-Upload-Token';

export const CONSULTATION_FILE_KINDS = ['images', 'videos', 'documents', 'menu_photos'] as const;
export const ConsultationFileKindSchema = z.enum(CONSULTATION_FILE_KINDS, {
  error: 'fileType must be one of images, videos, documents, menu_photos',
});
export type ConsultationFileKind = z.infer<typeof ConsultationFileKindSchema>;

/** The multipart field names of the additional-files call (each names its kind). */
export const ADDITIONAL_FILE_FIELDS = ['images', 'videos', 'documents'] as const;
export type AdditionalFileField = (typeof ADDITIONAL_FILE_FIELDS)[number];

const MB = 1024 * 1024;
/** Bytes per file (docs/decisions.md, 17); menu photos are images. */
export const CONSULTATION_FILE_SIZE_LIMITS: Record<ConsultationFileKind, number> = {
  images: 20 * MB,
  videos: 2 * 1024 * MB,
  documents: 25 * MB,
  menu_photos: 20 * MB,
};
export const MAX_FILES_PER_REQUEST = 30;

/** `accept` attributes for the file inputs; the server checks contents regardless. */
export const CONSULTATION_FILE_ACCEPT = {
  images: 'image/*',
  videos: 'video/*',
  /** The menu as a document in step 2. */
  documents: '.pdf,.doc,.docx',
  menu_photos: 'image/*',
  /** The documents input of /additional-upload. */
  additionalDocuments: '.pdf,.doc,.docx,.txt,.jpg,.jpeg,.png',
} as const;

export const RejectedFileSchema = z.object({ fileName: z.string(), reason: z.string() });
export type RejectedFile = z.infer<typeof RejectedFileSchema>;

export const UploadFilesResponseSchema = z.object({
  success: z.literal(true),
  /** Paths of the stored files, in the order sent: `/api/consultation-files/<fileId>`. */
  files: z.array(z.string()),
  rejected: z.array(RejectedFileSchema),
});
export type UploadFilesResponse = z.infer<typeof UploadFilesResponseSchema>;

/** The 400 when no file was stored: `message` is NO_FILES_ACCEPTED_MESSAGE or NO_FILES_SENT_MESSAGE. */
export const UploadRejectedResponseSchema = z.object({
  message: z.string(),
  rejected: z.array(RejectedFileSchema),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type UploadRejectedResponse = z.infer<typeof UploadRejectedResponseSchema>;

export const UPLOAD_MESSAGES = {
  noFilesAccepted: 'No files were accepted',
  noFilesSent: 'Please select at least one file to upload.',
  notMultipart: 'Send the files as multipart/form-data',
  missingToken: 'An upload token or a signed-in owner is required to upload files',
  wrongToken: 'This upload token does not belong to this consultation',
  notFound: 'Consultation not found',
  /** Reasons in `rejected` (the size one is formatted with the kind's limit). */
  tooLarge: (limitBytes: number) => `File is larger than the ${formatBytes(limitBytes)} limit`,
  tooMany: `Too many files: at most ${MAX_FILES_PER_REQUEST} files per upload`,
  missingKind: 'fileType must be sent before the file (images, videos, documents or menu_photos)',
  empty: 'File is empty',
  notAllowed: (kindLabel: string) => `File content is not an accepted ${kindLabel} type`,
  /** The pages' toasts. */
  successTitle: 'Files Uploaded Successfully',
  failedTitle: 'Upload Failed',
  failedDescription: (type: string) => `Failed to upload ${type}`,
  responseErrorTitle: 'Upload Error',
  responseErrorDescription: 'Server response error',
  networkErrorTitle: 'Network Error',
  genericErrorDescription: 'An error occurred during upload',
  additionalFailedTitle: 'Upload failed',
  additionalFailedDescription: 'There was an error uploading your files. Please try again.',
  noFilesSelectedTitle: 'No files selected',
} as const;

/** "20 MB", "2 GB", "512 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB && bytes % (1024 * MB) === 0) return `${bytes / (1024 * MB)} GB`;
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A submission's or a file's id as the service issues them; any other id in a path names nothing (404). */
const ISSUED_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const CONSULTATION_FILE_NOT_FOUND_MESSAGE = 'File not found';
/** The path parameters of `/api/consultation/:id/…` and `/api/consultations/:id/respond`. */
export const ConsultationIdParamsSchema = z.object({
  id: z.string().regex(ISSUED_ID, UPLOAD_MESSAGES.notFound),
});
/** The path parameters of `GET /api/consultation-files/:fileId`. */
export const ConsultationFileIdParamsSchema = z.object({
  fileId: z.string().regex(ISSUED_ID, CONSULTATION_FILE_NOT_FOUND_MESSAGE),
});
