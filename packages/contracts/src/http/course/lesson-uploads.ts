/**
 * Resumable lesson-video uploads with tus 1.0.0 at `/api/uploads` (docs/decisions.md, 29;
 * docs/behaviour/course-studio.md#uploads). Admin only: 401 for visitors, 403 for other users.
 *
 * `POST /api/uploads` creates an upload: `Tus-Resumable: 1.0.0`, `Upload-Length` (required, at most the
 *   service's video limit, else 413) and `Upload-Metadata` decoded into LessonUploadMetadataSchema (400
 *   when it does not match). 201 with `Location: /api/uploads/{id}`.
 * `HEAD /api/uploads/{id}` answers `Upload-Offset`; `PATCH /api/uploads/{id}` appends bytes at that offset
 *   (`Content-Type: application/offset+octet-stream`). The PATCH that completes the file answers 200 with
 *   a LessonUploadResult once the file is checked (by its first bytes) and stored, or 400 when it is not an
 *   accepted video (the bytes are then removed).
 * `GET /api/uploads/{id}/result` answers the same LessonUploadResult later (404 until finished).
 * Unfinished uploads expire LESSON_UPLOAD_EXPIRY_MS after they were created and are removed.
 */
import { z } from 'zod';

const MB = 1024 * 1024;

/** The stated types a lesson video may have; the stored type comes from the file's own first bytes. */
export const LESSON_VIDEO_TYPES = ['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/webm'] as const;
export type LessonVideoType = (typeof LESSON_VIDEO_TYPES)[number];

/** The default size limit of one lesson video in bytes (the course service's COURSE_MAX_VIDEO_BYTES). */
export const LESSON_VIDEO_MAX_BYTES = 2 * 1024 * MB;

/** How long an unfinished upload is kept. */
export const LESSON_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

export const LESSON_UPLOADS_PATH = '/api/uploads';

export const LESSON_UPLOAD_MESSAGES = {
  lengthRequired: 'Upload-Length is required: the size of the whole file in bytes',
  tooLarge: (maxBytes: number) => `The video is larger than the limit of ${maxBytes} bytes`,
  notVideo: 'The file is not an accepted video (MP4, MOV or WebM)',
  empty: 'The file is empty',
  notFound: 'Upload not found or not finished',
} as const;

/** One plain file name: no folders, no control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const FILE_NAME = /^[^/\\\u0000-\u001f\u007f]+$/;

/** `Upload-Metadata` of a lesson video, each value base64-decoded (unknown keys are ignored). */
export const LessonUploadMetadataSchema = z.object({
  filename: z
    .string({ error: 'filename is required' })
    .trim()
    .min(1, 'filename is required')
    .max(255, 'filename must be at most 255 characters')
    .regex(FILE_NAME, 'filename must be a plain file name'),
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

/** What a finished upload stored, as `POST /api/upload-video` answers (`file.originalName`, `size`, `path`). */
export const LessonUploadResultSchema = z.object({
  success: z.literal(true),
  uploadId: z.string(),
  /** The lesson named in the metadata, for the editor to attach the video to; null when none was. */
  lessonId: z.number().int().nullable(),
  file: z.object({
    originalName: z.string(),
    size: z.number().int().nonnegative(),
    /** The stored file's name: what a lesson's video address takes. */
    path: z.string(),
    /** Where the admin can play it (`/api/video-stream/{path}`). */
    url: z.string(),
    contentType: z.string(),
  }),
});
export type LessonUploadResult = z.infer<typeof LessonUploadResultSchema>;
