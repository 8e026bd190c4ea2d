/**
 * `course.certificate.issued`: a learner finished every section of a course and got its certificate
 * (docs/behaviour/member-learning.md#certificates); the notification service e-mails it, its PDF attached.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { CERTIFICATE_ID_PATTERN } from '../http/course/certificates.js';
import { isoDateTime } from '../http/fields.js';

export const CourseCertificateIssuedSchema = z.object({
  certificateId: z.string().regex(CERTIFICATE_ID_PATTERN),
  userId: z.string().min(1),
  email: AccountEmailSchema,
  learnerName: z.string(),
  courseTitle: z.string(),
  issuedAt: isoDateTime,
  /**
   * The certificate's PDF (base64), the same file as `/api/certificates/{id}/pdf`, attached to the e-mail;
   * absent from an event issued before the course service sent it, whose e-mail carries the links alone.
   */
  certificatePdf: z.base64().max(256_000).optional(),
});
export type CourseCertificateIssued = z.infer<typeof CourseCertificateIssuedSchema>;
