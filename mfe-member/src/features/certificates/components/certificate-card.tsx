/**
 * 'Your Certificate' on `/dashboard` (docs/behaviour/member-learning.md#certificates): once the course is
 * finished, the PDF to download and the public page to share. Nothing while it loads or when there is none.
 */
import { Button, ButtonLink, TitledCard } from '@platform/ui';
import { useMyCertificates } from '../api/get-my-certificates';
import { CERTIFICATE_COPY } from '../lib/certificate-copy';

export function CertificateCard({ courseId, finished }: { courseId: number; finished: boolean }) {
  const certificates = useMyCertificates(finished);
  const certificate = certificates.data?.find((item) => item.courseId === courseId);
  if (!finished || !certificate) return null;
  return (
    <TitledCard
      titleId="your-certificate"
      region
      data-testid="certificate-card"
      className="border-primary/40"
      title={CERTIFICATE_COPY.cardTitle}
      description={CERTIFICATE_COPY.cardText}
      contentClassName="flex flex-col gap-3 sm:flex-row"
    >
      <Button asChild>
        <a href={`/api/certificates/${certificate.id}/pdf`} download>
          {CERTIFICATE_COPY.download}
        </a>
      </Button>
      <ButtonLink to={`/certificates/${certificate.id}`} variant="outline">
        {CERTIFICATE_COPY.publicPage}
      </ButtonLink>
    </TitledCard>
  );
}
