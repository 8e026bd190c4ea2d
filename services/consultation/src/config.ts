import { DEFAULT_SERVICE_PORTS } from '@platform/contracts/services';
import { serviceConfigSchema } from '@platform/service-kit/runtime';
import { CONSULTATION_FILE_SIZE_LIMITS } from '@platform/contracts';
import { z } from 'zod';

const HOUR = 60 * 60 * 1000;
const count = z.coerce.number().int().positive();
const bytes = z.coerce.number().int().positive();

export const consultationConfigSchema = serviceConfigSchema(
  'consultation',
  DEFAULT_SERVICE_PORTS.consultation,
  {
    CONSULTATION_SUBMISSIONS_PER_HOUR: count
      .default(30)
      .describe('step-1 submissions per client address per hour'),
    CONTACT_MESSAGES_PER_HOUR: count.default(10).describe('contact messages per client address per hour'),
    CONSULTATION_LOOKUPS_PER_HOUR: count
      .default(30)
      .describe('e-mail lookups (`/additional-upload`) per client address per hour'),
    CONSULTATION_LOOKUP_EMAILS_PER_HOUR: count
      .default(3)
      .describe(
        'lookup and "Continue Later" e-mails to one address per hour (past it the answer stays the same)',
      ),
    CONSULTATION_MESSAGES_PER_HOUR: count
      .default(30)
      .describe('messages one person (owner or admin) writes in consultation threads per hour'),
    CONSULTATION_CALL_CHANGES_PER_HOUR: count
      .default(10)
      .describe('call bookings and cancellations one owner makes per hour (each e-mails an invitation)'),
    // Per-file limits (docs/decisions.md, 17); tests lower them.
    CONSULTATION_MAX_IMAGE_BYTES: bytes
      .default(CONSULTATION_FILE_SIZE_LIMITS.images)
      .describe('the largest photo, in bytes, by either way of uploading'),
    CONSULTATION_MAX_VIDEO_BYTES: bytes
      .default(CONSULTATION_FILE_SIZE_LIMITS.videos)
      .describe('the largest video, in bytes'),
    CONSULTATION_MAX_DOCUMENT_BYTES: bytes
      .default(CONSULTATION_FILE_SIZE_LIMITS.documents)
      .describe('the largest document, in bytes'),
    CONSULTATION_UPLOAD_SWEEP_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(HOUR)
      .describe(
        'how often (service time; one replica at a time) unfinished resumable uploads with no activity for 24 hours are removed',
      ),
  },
);

export type ConsultationConfig = z.infer<typeof consultationConfigSchema>;
