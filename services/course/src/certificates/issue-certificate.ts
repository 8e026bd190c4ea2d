/**
 * Issues a learner's certificate once they finish every section of a course
 * (docs/behaviour/member-learning.md#certificates), inside the transaction that completes the last one, and
 * announces it (`course.certificate.issued`, its PDF carried for the e-mail) through the outbox: one
 * certificate and one e-mail per learner and course, however many requests finish it at once.
 */
import { randomBytes } from 'node:crypto';
import { enqueueEvent } from '@platform/service-kit/events';
import { type Executor } from '@platform/service-kit/db';
import { outboxEvents, type CertificateRow } from '../db/schema.js';
import { findLearnerName, insertCertificate } from './certificates.repository.js';
import { renderCertificatePdf } from './render-certificate-pdf.js';

/** 128 random bits: the id is the only thing that lets a stranger see a certificate. */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

export async function issueCertificate(
  tx: Executor,
  options: {
    learner: { userId: string; email: string };
    course: { id: number; title: string };
    now: Date;
    /** The site's address, printed on the PDF. */
    publicBaseUrl: string;
  },
): Promise<CertificateRow | null> {
  const { learner, course } = options;
  const issuedAt = options.now;
  // Auth announces names; an account it never named (none known yet) is named by its address.
  const learnerName = (await findLearnerName(tx, learner.userId)) ?? learner.email;
  const issued = await insertCertificate(tx, {
    id: newCertificateId(),
    userId: learner.userId,
    courseId: course.id,
    learnerName,
    courseTitle: course.title,
    issuedAt,
  });
  if (!issued) return null;
  const pdf = await renderCertificatePdf(issued, { publicBaseUrl: options.publicBaseUrl });
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'course.certificate.issued',
      data: {
        certificateId: issued.id,
        userId: learner.userId,
        email: learner.email,
        learnerName,
        courseTitle: course.title,
        issuedAt: issuedAt.toISOString(),
        certificatePdf: Buffer.from(pdf).toString('base64'),
      },
    },
    { clock: { now: () => issuedAt } },
  );
  return issued;
}
