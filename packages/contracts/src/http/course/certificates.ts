/**
 * Certificates of completion (docs/behaviour/member-learning.md#certificates): finishing every section of a
 * course issues one, with an unguessable id. `GET /api/certificates/:id` is public and answers the name, the
 * course and the date only; `GET /api/certificates` lists the caller's own; `GET /api/certificates/:id/pdf`
 * is the PDF, for its learner (and the admin).
 */
import { z } from 'zod';
import { isoDateTime } from '../fields.js';

export const CERTIFICATE_NOT_FOUND_MESSAGE = 'Certificate not found';

/** Where a signed-out browser opening the PDF link is sent: the sign-in page, saying why. */
export const CERTIFICATE_SIGN_IN_PATH = '/login?for=certificate';
/** What `/login?for=certificate` says above its form. */
export const CERTIFICATE_SIGN_IN_MESSAGE =
  'Log in to download your certificate. You will find it on your dashboard.';

/** 128 random bits in base64url: 22 characters. */
export const CERTIFICATE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The path of `/api/certificates/:id`: anything that cannot be an id names nothing (404). */
export const CertificateIdParamsSchema = z.object({
  id: z.string().regex(CERTIFICATE_ID_PATTERN, CERTIFICATE_NOT_FOUND_MESSAGE),
});

/** `GET /api/certificates/:id`: what anyone holding the id may verify. */
export const CertificateVerificationSchema = z.object({
  learnerName: z.string(),
  courseTitle: z.string(),
  issuedAt: isoDateTime,
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

/** One of the caller's certificates (`GET /api/certificates`). */
export const MyCertificateSchema = CertificateVerificationSchema.extend({
  id: z.string().regex(CERTIFICATE_ID_PATTERN),
  courseId: z.number().int().positive(),
});
export type MyCertificate = z.infer<typeof MyCertificateSchema>;
export const MyCertificateListSchema = z.array(MyCertificateSchema);
export type MyCertificateList = z.infer<typeof MyCertificateListSchema>;
