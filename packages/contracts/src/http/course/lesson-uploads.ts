/**
 * The admin's lesson videos (docs/behaviour/course-studio.md#uploads). Admin only: 401 for visitors, 403 for
 * other users.
 *
 * Resumable, with tus 1.0.0 at `/api/uploads` (docs/decisions.md, 29; the shared rules in `../uploads.ts`):
 * `POST /api/uploads` creates an upload: `Tus-Resumable: 1.0.0`, `Upload-Length` (required, at most the
 *   service's video limit, else 413) and `Upload-Metadata` decoded into LessonUploadMetadataSchema
 *   (`purpose` `lesson-video`; 400 when it does not match). 201 with `Location: /api/uploads/lv-{hex}`.
 * `HEAD /api/uploads/{id}` answers `Upload-Offset`; `PATCH /api/uploads/{id}` appends bytes at that offset
 *   (`Content-Type: application/offset+octet-stream`). The PATCH that completes the file answers 200 with
 *   a LessonUploadResult once the file is checked (by its first bytes) and stored, or 415 when it is not an
 *   accepted video (the bytes are then removed).
 * `GET /api/uploads/{id}/result` answers the same LessonUploadResult later (404 until finished).
 * Unfinished uploads expire RESUMABLE_UPLOAD_EXPIRY_MS after their last activity (creation or bytes received)
 * and are removed.
 *
 * In one request, `POST /api/upload-video` (multipart/form-data with one video file, any field name):
 *   200 LessonUploadResult; 400 without a file or with more than one; 413 over the limit; 415 when it is not
 *   an accepted video or not multipart. Nothing is kept of a refused upload.
 */
import { z } from 'zod';
import {
  RESUMABLE_UPLOAD_EXPIRY_MS,
  RESUMABLE_UPLOAD_MESSAGES,
  RESUMABLE_UPLOADS_PATH,
  StoredUploadFileSchema,
  UploadFileNameSchema,
} from '../uploads.js';

const MB = 1024 * 1024;

/** The stated types a lesson video may have; the stored type comes from the file's own first bytes. */
export const LESSON_VIDEO_TYPES = ['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/webm'] as const;
export type LessonVideoType = (typeof LESSON_VIDEO_TYPES)[number];

/** The default size limit of one lesson video in bytes (the course service's COURSE_MAX_VIDEO_BYTES). */
export const LESSON_VIDEO_MAX_BYTES = 2 * 1024 * MB;

/** How long an unfinished upload is kept. */
export const LESSON_UPLOAD_EXPIRY_MS = RESUMABLE_UPLOAD_EXPIRY_MS;

export const LESSON_UPLOADS_PATH = RESUMABLE_UPLOADS_PATH;

/** The one-request upload of the spec. */
export const UPLOAD_VIDEO_PATH = '/api/upload-video';

export const LESSON_UPLOAD_MESSAGES = {
  lengthRequired: RESUMABLE_UPLOAD_MESSAGES.lengthRequired,
  tooLarge: (maxBytes: number) => `The video is larger than the limit of ${maxBytes} bytes`,
  notVideo: 'The file is not an accepted video (MP4, MOV or WebM)',
  empty: RESUMABLE_UPLOAD_MESSAGES.empty,
  notFound: RESUMABLE_UPLOAD_MESSAGES.notFound,
  notMultipart: 'Send the video as multipart/form-data',
  noFile: 'Choose a video file to upload',
  oneFile: 'Send one video file per upload',
} as const;

/** `Upload-Metadata` of a lesson video, each value base64-decoded (unknown keys are ignored). */
export const LessonUploadMetadataSchema = z.object({
  purpose: z.literal('lesson-video', { error: RESUMABLE_UPLOAD_MESSAGES.purpose }),
  filename: UploadFileNameSchema,
  filetype: z.enum(LESSON_VIDEO_TYPES, {
    error: `filetype must be one of ${LESSON_VIDEO_TYPES.join(', ')}`,
  }),
  lessonId: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'lessonId must be a lesson id')
    .transform(Number)
    .optional(),
});
export type LessonUploadMetadata = z.infer<typeof LessonUploadMetadataSchema>;

/**
 * What a finished upload stored: the final answer of a resumable upload and of `POST /api/upload-video`
 * (`file.originalName`, `file.size`, `file.path`).
 */
export const LessonUploadResultSchema = z.object({
  success: z.literal(true),
  uploadId: z.string(),
  /** The lesson named in the metadata, for the editor to attach the video to; null when none was. */
  lessonId: z.number().int().nullable(),
  file: StoredUploadFileSchema.extend({
    /** The stored file's name: what a lesson's video address takes. */
    path: z.string(),
    /** Where the admin can play it (`/api/video-stream/{path}`). */
    url: z.string(),
  }),
});
export type LessonUploadResult = z.infer<typeof LessonUploadResultSchema>;
