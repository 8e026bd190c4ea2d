/**
 * `/consultation?token=…`, the e-mailed 'Continue Later' link
 * (docs/behaviour/consultation-and-contact.md#continue-later): opens the request at step 2 on any device; a
 * request already completed goes on to /additional-upload with the same token; a bad or expired link says so
 * and offers a new request.
 */
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@platform/ui';
import { InvalidLinkAlert } from '../../../components/emailed-link-states';
import { WaitingCard } from '../../../components/waiting-card';
import { useContinueLink } from '../api/open-continue-link';
import { RESUME_COPY } from '../lib/consultation-copy';
import type { SavedSubmission } from '../lib/draft-storage';

type ContinueLinkProps = {
  token: string;
  onOpened: (submission: SavedSubmission) => void;
};

export function ContinueLink({ token, onOpened }: ContinueLinkProps) {
  const navigate = useNavigate();
  const access = useContinueLink(token);

  useEffect(() => {
    if (!access.data) return;
    if (access.data.completed) {
      navigate(`/additional-upload?token=${encodeURIComponent(token)}`, { replace: true });
      return;
    }
    onOpened({
      submissionId: access.data.submissionId,
      uploadToken: access.data.uploadToken,
      businessName: access.data.businessName,
    });
  }, [access.data, navigate, onOpened, token]);

  if (access.isError) {
    return (
      <InvalidLinkAlert
        title={RESUME_COPY.invalidLinkTitle}
        error={access.error}
        help={RESUME_COPY.invalidLinkHelp}
        action={
          <Button asChild variant="outline" className="mt-3">
            <Link to="/consultation" replace>
              {RESUME_COPY.startNew}
            </Link>
          </Button>
        }
      />
    );
  }
  return <WaitingCard message={RESUME_COPY.openingLink} />;
}
