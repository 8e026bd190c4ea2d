/**
 * `/certificates/:id`, public (docs/behaviour/member-learning.md#certificates): anyone holding the address
 * sees whose certificate it is, for which course and when it was issued; an unknown id says so.
 */
import { useParams } from 'react-router-dom';
import {
  Card,
  CardContent,
  CardHeader,
  SITE_NAME,
  Skeleton,
  TitledCard,
  useDocumentTitle,
} from '@platform/ui';
import { formatDate } from '@platform/contracts/format';
import { LoadError } from '../../courses/components/load-error';
import { useCertificate } from '../api/get-certificate';
import { CERTIFICATE_COPY, certifiesThat } from '../lib/certificate-copy';

export function CertificatePage() {
  useDocumentTitle(`${CERTIFICATE_COPY.pageTitle} | ${SITE_NAME}`);
  const { id = '' } = useParams();
  const certificate = useCertificate(id);

  let body;
  if (certificate.isPending) {
    body = (
      <Card aria-busy="true">
        <CardHeader className="items-center gap-3">
          <p role="status" className="sr-only">
            Loading…
          </p>
          <Skeleton className="h-8 w-72 max-w-full" />
          <Skeleton className="h-5 w-96 max-w-full" />
        </CardHeader>
      </Card>
    );
  } else if (certificate.isError) {
    body = <LoadError title={CERTIFICATE_COPY.loadError} reads={[certificate]} />;
  } else if (certificate.data === null) {
    body = (
      <TitledCard
        data-testid="certificate-not-found"
        heading="h1"
        titleClassName="text-2xl"
        headerClassName="text-center"
        title={CERTIFICATE_COPY.notFoundTitle}
        description={CERTIFICATE_COPY.notFoundText}
        descriptionClassName="text-base"
      />
    );
  } else {
    const { learnerName, courseTitle, issuedAt } = certificate.data;
    body = (
      <Card data-testid="certificate" className="border-2 border-primary/40 text-center">
        <CardHeader className="items-center gap-2">
          <p className="inline-flex items-center gap-2 rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary">
            <span aria-hidden="true">✓</span> {CERTIFICATE_COPY.verified}
          </p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{CERTIFICATE_COPY.pageTitle}</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="break-words text-2xl font-semibold" data-testid="certificate-name">
            {learnerName}
          </p>
          <p className="text-muted-foreground" data-testid="certificate-statement">
            {certifiesThat({ learnerName, courseTitle, date: formatDate(issuedAt, { style: 'long' }) })}
          </p>
          <p className="break-all text-xs text-muted-foreground">Certificate ID: {id}</p>
        </CardContent>
      </Card>
    );
  }
  return <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">{body}</div>;
}
