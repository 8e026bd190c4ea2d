/**
 * `/additional-upload` (docs/behaviour/consultation-and-contact.md#upload-additional-files;
 * docs/decisions.md, 15–17): find the consultation by e-mail, or open it from the e-mailed `?token=` link,
 * then upload more files.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { INVALID_LINK_MESSAGE } from '@platform/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  SITE_NAME,
  Skeleton,
  getServerMessage,
  useDocumentTitle,
} from '@platform/ui';
import { LinkIcon } from 'lucide-react';
import { useConsultationAccess } from '../api/get-consultation-access';
import { ADDITIONAL_PAGE } from '../lib/additional-copy';
import { AdditionalFilesForm } from './additional-files-form';
import { EmailLookup } from './email-lookup';

function LinkAccess({ token }: { token: string }) {
  const access = useConsultationAccess(token);
  if (access.isPending) {
    return (
      <Card aria-busy="true">
        <CardContent className="space-y-3 pt-6">
          <p className="sr-only" role="status">
            Opening your consultation…
          </p>
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </CardContent>
      </Card>
    );
  }
  if (access.isError) {
    return (
      <Alert variant="destructive">
        <LinkIcon aria-hidden="true" />
        <AlertTitle className="line-clamp-none">{ADDITIONAL_PAGE.invalidLinkTitle}</AlertTitle>
        <AlertDescription>
          <p>{getServerMessage(access.error) ?? INVALID_LINK_MESSAGE}</p>
          <p className="mt-1">Ask for a new link with the e-mail address of your consultation.</p>
          <Button asChild variant="outline" className="mt-3">
            <Link to="/additional-upload">Find my consultation</Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <AdditionalFilesForm
      target={{
        submissionId: access.data.submissionId,
        uploadToken: access.data.uploadToken,
        businessName: access.data.businessName,
        inMyConsultations: access.data.inMyConsultations,
      }}
    />
  );
}

export function AdditionalUploadPage() {
  useDocumentTitle(`${ADDITIONAL_PAGE.title} | ${SITE_NAME}`);
  const [search] = useSearchParams();
  const token = search.get('token');

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{ADDITIONAL_PAGE.title}</h1>
        <p className="mt-2 text-muted-foreground">
          {token ? ADDITIONAL_PAGE.linkDescription : ADDITIONAL_PAGE.description}
        </p>
      </header>
      {token ? <LinkAccess key={token} token={token} /> : <EmailLookup />}
    </div>
  );
}
