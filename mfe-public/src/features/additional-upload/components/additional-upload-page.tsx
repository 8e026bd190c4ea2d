/**
 * `/additional-upload` (docs/behaviour/consultation-and-contact.md#upload-additional-files;
 * docs/decisions.md, 15–17): find the consultation by e-mail, or open it from the e-mailed `?token=` link,
 * then upload more files.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { Button, SITE_NAME, useDocumentTitle } from '@platform/ui';
import { InvalidLinkAlert } from '../../../components/emailed-link-states';
import { WaitingCard } from '../../../components/waiting-card';
import { useConsultationAccess } from '../api/get-consultation-access';
import { ADDITIONAL_PAGE } from '../lib/additional-copy';
import { AdditionalFilesForm } from './additional-files-form';
import { EmailLookup } from './email-lookup';

function LinkAccess({ token }: { token: string }) {
  const access = useConsultationAccess(token);
  if (access.isPending) {
    return <WaitingCard message="Opening your consultation…" />;
  }
  if (access.isError) {
    return (
      <InvalidLinkAlert
        title={ADDITIONAL_PAGE.invalidLinkTitle}
        error={access.error}
        help="Ask for a new link with the e-mail address of your consultation."
        action={
          <Button asChild variant="outline" className="mt-3">
            <Link to="/additional-upload">Find my consultation</Link>
          </Button>
        }
      />
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
