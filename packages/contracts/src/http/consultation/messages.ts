/**
 * A consultation's thread (docs/behaviour/consultation-and-contact.md#the-consultation-thread;
 * docs/decisions.md, 97): the owner (`/api/consultations/:id/messages`) and the admin
 * (`/api/admin/consultations/:id/messages`) write plain-text messages on a submission; each side is
 * e-mailed the other's. Pages show the text as text, e-mails escape it.
 */
import { z } from 'zod';
import { writtenText } from '../text.js';
import { formatBytes } from './upload-files.js';
import { isoDateTime } from '../fields.js';

export const CONSULTATION_MESSAGE_MAX_LENGTH = 5000;

export const CONSULTATION_MESSAGE_MESSAGES = {
  required: 'Please write your message',
  tooLong: `Your message must be at most ${CONSULTATION_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  messageIdInvalid: 'The message id must be a UUID',
  messageIdTaken: 'This message id belongs to another message',
} as const;

/**
 * `POST /api/consultations/:id/messages` and `POST /api/admin/consultations/:id/messages`. `messageId`
 * (optional, a UUID the page makes for what it is sending) makes a message sent again after its answer
 * was lost the same message: posted once, answered as the first time.
 */
export const PostConsultationMessageRequestSchema = z.object({
  body: writtenText(CONSULTATION_MESSAGE_MAX_LENGTH, {
    required: CONSULTATION_MESSAGE_MESSAGES.required,
    tooLong: CONSULTATION_MESSAGE_MESSAGES.tooLong,
  }),
  messageId: z.uuid({ error: CONSULTATION_MESSAGE_MESSAGES.messageIdInvalid }).optional(),
});
export type PostConsultationMessageRequest = z.infer<typeof PostConsultationMessageRequestSchema>;

export const CONSULTATION_MESSAGE_AUTHORS = ['owner', 'admin'] as const;
export type ConsultationMessageAuthor = (typeof CONSULTATION_MESSAGE_AUTHORS)[number];

/**
 * Files on the admin's answer (docs/decisions.md, 107): sent as multipart/form-data to
 * `POST /api/admin/consultations/:id/messages` (`body` field first, then `files` parts), images or PDF,
 * judged from their content; any refused file refuses the whole message.
 */
export const CONSULTATION_MESSAGE_MAX_FILES = 5;
export const CONSULTATION_MESSAGE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** What the file input offers; the server decides from the content. */
export const CONSULTATION_MESSAGE_FILE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';
/** Named in the refusal of any other content: "File content is not an accepted image (…) or PDF type". */
export const CONSULTATION_MESSAGE_FILE_LABEL = 'image (JPEG, PNG, WebP, GIF) or PDF';
export const CONSULTATION_MESSAGE_FILE_MESSAGES = {
  tooLarge: `Each file must be at most ${formatBytes(CONSULTATION_MESSAGE_FILE_MAX_BYTES)}`,
  tooMany: `Attach at most ${CONSULTATION_MESSAGE_MAX_FILES} files to one message`,
  notAttached: 'The message was not sent: a file could not be attached',
  wrongField: 'Send the files as "files"',
} as const;

/** A file attached to a message; `path` is its authorised download (owner and admin only). */
export const ConsultationMessageFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  path: z.string(),
});
export type ConsultationMessageFile = z.infer<typeof ConsultationMessageFileSchema>;

/** `GET /api/consultation-message-files/:fileId`. */
export function consultationMessageFilePath(fileId: string): string {
  return `/api/consultation-message-files/${encodeURIComponent(fileId)}`;
}

/** One message of the thread, oldest first in the list. */
export const ConsultationMessageSchema = z.object({
  id: z.uuid(),
  submissionId: z.string(),
  author: z.enum(CONSULTATION_MESSAGE_AUTHORS),
  /** The owner's name as the request gives it, or 'Restaurant Consultant' for the admin. */
  authorName: z.string(),
  body: z.string(),
  createdAt: isoDateTime,
  files: z.array(ConsultationMessageFileSchema),
});
export type ConsultationMessage = z.infer<typeof ConsultationMessageSchema>;
export const ConsultationThreadSchema = z.array(ConsultationMessageSchema);
export type ConsultationThread = z.infer<typeof ConsultationThreadSchema>;

/** How the admin signs in the thread (the owner sees one team, not a person). */
export const CONSULTATION_ADMIN_AUTHOR_NAME = 'Restaurant Consultant';
