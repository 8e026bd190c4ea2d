/**
 * Resumable uploads with tus 1.0.0 at `/api/uploads` (docs/decisions.md, 29), shared by every service that
 * takes them. `Upload-Metadata` names the upload's `purpose`: `lesson-video` (the admin's lesson videos, the
 * course service) or `consultation` (an owner's consultation files, the consultation service). The gateway
 * sends a creation (`POST /api/uploads`) to the service of its purpose, and every later request
 * (`HEAD`/`PATCH`/`DELETE /api/uploads/{id}`, `GET /api/uploads/{id}/result`) to the service whose prefix
 * the upload id carries (UPLOAD_ID_PREFIXES).
 *
 * Each purpose's metadata, checks and final answer are in its own contract: `course/lesson-uploads.ts`
 * and `consultation/resumable-uploads.ts`. Every final answer carries `file.originalName`, `file.size` and
 * `file.path`, as `POST /api/upload-video` does.
 */
import { z } from 'zod';

export const RESUMABLE_UPLOADS_PATH = '/api/uploads';

/**
 * Multipart uploads of files (a consultation's files, a report's documents): a text field of this name
 * right before a file part gives that file the id the browser chose for it (a UUID, the same on every
 * attempt). A file sent again after its answer was lost is then recorded once.
 */
export const UPLOAD_FILE_ID_FIELD = 'fileId';

/** How long an unfinished upload is kept after its last activity (creation or the last bytes received). */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

export const UPLOAD_PURPOSES = ['lesson-video', 'consultation'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Upload ids are `<prefix>-<32 hex digits>`; the prefix names the purpose (and so the service). */
export const UPLOAD_ID_PREFIXES: Record<UploadPurpose, string> = {
  'lesson-video': 'lv',
  consultation: 'cf',
};

/** An upload id as a service issues it. */
export const UPLOAD_ID_PATTERN = /^[a-z]{2}-[0-9a-f]{32}$/;

export const RESUMABLE_UPLOAD_MESSAGES = {
  lengthRequired: 'Upload-Length is required: the size of the whole file in bytes',
  malformedMetadata: 'Upload-Metadata must be comma-separated "key base64value" pairs',
  purpose: `purpose must be one of ${UPLOAD_PURPOSES.join(', ')}`,
  purposeElsewhere: (purpose: string) => `Uploads for ${purpose} are not taken here`,
  notFound: 'Upload not found or not finished',
  empty: 'The file is empty',
} as const;

export const UploadPurposeSchema = z.enum(UPLOAD_PURPOSES, { error: RESUMABLE_UPLOAD_MESSAGES.purpose });

/** The purpose an upload id names by its prefix; null for anything but an issued id with a known prefix. */
export function uploadPurposeOfId(id: string): UploadPurpose | null {
  if (!UPLOAD_ID_PATTERN.test(id)) return null;
  for (const purpose of UPLOAD_PURPOSES) {
    if (id.startsWith(`${UPLOAD_ID_PREFIXES[purpose]}-`)) return purpose;
  }
  return null;
}

const METADATA_KEY = /^[^\s,]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * tus's `Upload-Metadata`: comma-separated `key base64value` pairs (a key alone means an empty value),
 * decoded; null when the header is malformed (a repeated key, a value that is not base64, …).
 */
export function parseUploadMetadata(header: string | null | undefined): Record<string, string> | null {
  const metadata: Record<string, string> = {};
  if (header === undefined || header === null || header.trim() === '') return metadata;
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || !METADATA_KEY.test(key) || rest.length > 0 || Object.hasOwn(metadata, key)) return null;
    if (value !== undefined && !BASE64.test(value)) return null;
    metadata[key] = value === undefined ? '' : decodeBase64Text(value);
  }
  return metadata;
}

/** Base64 → UTF-8 text, in Node.js and browsers alike. */
function decodeBase64Text(value: string): string {
  const binary = atob(value);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** One plain file name: no folders, no control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const FILE_NAME = /^[^/\\\u0000-\u001f\u007f]+$/;

/** The `filename` every upload's metadata carries. */
export const UploadFileNameSchema = z
  .string({ error: 'filename is required' })
  .trim()
  .min(1, 'filename is required')
  .max(255, 'filename must be at most 255 characters')
  .regex(FILE_NAME, 'filename must be a plain file name');

/** What a finished upload stored: the fields every upload answer shares. */
export const StoredUploadFileSchema = z.object({
  originalName: z.string(),
  size: z.number().int().nonnegative(),
  /** Where the stored file is found (each purpose says what it is). */
  path: z.string(),
  /** The type found in the file's content. */
  contentType: z.string(),
});
export type StoredUploadFile = z.infer<typeof StoredUploadFileSchema>;
