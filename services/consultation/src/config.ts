import { serviceConfigSchema } from '@platform/service-kit';
import { CONSULTATION_FILE_SIZE_LIMITS } from '@platform/contracts';
import { z } from 'zod';

const HOUR = 60 * 60 * 1000;
const count = z.coerce.number().int().positive();
const bytes = z.coerce.number().int().positive();

export const consultationConfigSchema = serviceConfigSchema('consultation', {
  /** Step-1 submissions per client address per hour. */
  CONSULTATION_SUBMISSIONS_PER_HOUR: count.default(30),
  /** Contact messages per client address per hour. */
  CONTACT_MESSAGES_PER_HOUR: count.default(10),
  /** E-mail lookups (/additional-upload) per client address per hour. */
  CONSULTATION_LOOKUPS_PER_HOUR: count.default(30),
  /** Lookup e-mails sent to one address per hour (past it the answer stays the same, nothing is sent). */
  CONSULTATION_LOOKUP_EMAILS_PER_HOUR: count.default(3),
  /** Per-file limits in bytes (docs/decisions.md, 17); tests lower them. */
  CONSULTATION_MAX_IMAGE_BYTES: bytes.default(CONSULTATION_FILE_SIZE_LIMITS.images),
  CONSULTATION_MAX_VIDEO_BYTES: bytes.default(CONSULTATION_FILE_SIZE_LIMITS.videos),
  CONSULTATION_MAX_DOCUMENT_BYTES: bytes.default(CONSULTATION_FILE_SIZE_LIMITS.documents),
  /** How often unfinished resumable uploads are looked at and the expired ones removed. */
  CONSULTATION_UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(HOUR),
});

export type ConsultationConfig = z.infer<typeof consultationConfigSchema>;
