/**
 * A consultation's thread (docs/behaviour/consultation-and-contact.md#the-consultation-thread;
 * docs/decisions.md, 97): the owner (`/api/consultations/:id/messages`) and the admin
 * (`/api/admin/consultations/:id/messages`) write plain-text messages on a submission; each side is
 * e-mailed the other's. Pages show the text as text, e-mails escape it.
 */
import { z } from 'zod';
import { textField } from '../text.js';

export const CONSULTATION_MESSAGE_MAX_LENGTH = 5000;

export const CONSULTATION_MESSAGE_MESSAGES = {
  required: 'Please write your message',
  tooLong: `Your message must be at most ${CONSULTATION_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
} as const;

/** `POST /api/consultations/:id/messages` and `POST /api/admin/consultations/:id/messages`. */
export const PostConsultationMessageRequestSchema = z.object({
  body: textField({
    min: 1,
    max: CONSULTATION_MESSAGE_MAX_LENGTH,
    multiline: true,
    required: CONSULTATION_MESSAGE_MESSAGES.required,
    tooLong: CONSULTATION_MESSAGE_MESSAGES.tooLong,
  }),
});
export type PostConsultationMessageRequest = z.infer<typeof PostConsultationMessageRequestSchema>;

export const CONSULTATION_MESSAGE_AUTHORS = ['owner', 'admin'] as const;
export type ConsultationMessageAuthor = (typeof CONSULTATION_MESSAGE_AUTHORS)[number];

/** One message of the thread, oldest first in the list. */
export const ConsultationMessageSchema = z.object({
  id: z.uuid(),
  submissionId: z.string(),
  author: z.enum(CONSULTATION_MESSAGE_AUTHORS),
  /** The owner's name as the request gives it, or 'Restaurant Consultant' for the admin. */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ConsultationMessage = z.infer<typeof ConsultationMessageSchema>;
export const ConsultationThreadSchema = z.array(ConsultationMessageSchema);
export type ConsultationThread = z.infer<typeof ConsultationThreadSchema>;

/** How the admin signs in the thread (the owner sees one team, not a person). */
export const CONSULTATION_ADMIN_AUTHOR_NAME = 'Restaurant Consultant';
