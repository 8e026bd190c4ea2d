/**
 * What a page opened from an e-mailed consultation link (`?token=`) shows when the server refuses the link:
 * /consultation (Continue Later) and /additional-upload. While it checks the link, it shows a `WaitingCard`.
 */
import type { ReactNode } from 'react';
import { INVALID_LINK_MESSAGE } from '@platform/contracts';
import { Alert, AlertDescription, AlertTitle, getServerMessage } from '@platform/ui';
import { LinkIcon } from 'lucide-react';

/** The link refused: the server's words (or the usual ones), what to do instead, and `action`, a way on. */
export function InvalidLinkAlert({
  title,
  error,
  help,
  action,
}: {
  title: string;
  error: unknown;
  help: string;
  action: ReactNode;
}) {
  return (
    <Alert variant="destructive">
      <LinkIcon aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{title}</AlertTitle>
      <AlertDescription>
        <p>{getServerMessage(error) ?? INVALID_LINK_MESSAGE}</p>
        <p className="mt-1">{help}</p>
        {action}
      </AlertDescription>
    </Alert>
  );
}
