/**
 * `/consultation?token=…`, the e-mailed 'Continue Later' link
 * (docs/behaviour/consultation-and-contact.md#continue-later): opens the request at step 2 on any device; a
 * request already completed goes on to /additional-upload with the same token; a bad or expired link says so
 * and offers a new request.
 */
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { INVALID_LINK_MESSAGE } from '@platform/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  Skeleton,
  getServerMessage,
} from '@platform/ui';
import { LinkIcon } from 'lucide-react';
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
      <Alert variant="destructive">
        <LinkIcon aria-hidden="true" />
        <AlertTitle className="line-clamp-none">{RESUME_COPY.invalidLinkTitle}</AlertTitle>
        <AlertDescription>
          <p>{getServerMessage(access.error) ?? INVALID_LINK_MESSAGE}</p>
          <p className="mt-1">{RESUME_COPY.invalidLinkHelp}</p>
          <Button asChild variant="outline" className="mt-3">
            <Link to="/consultation" replace>
              {RESUME_COPY.startNew}
            </Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Card aria-busy="true">
      <CardContent className="space-y-3 pt-6">
        <p className="sr-only" role="status">
          {RESUME_COPY.openingLink}
        </p>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-24 w-full" />
      </CardContent>
    </Card>
  );
}
