/**
 * What a page opened from an e-mailed consultation link (`?token=`) shows while it checks the link, and when
 * the server refuses it: /consultation (Continue Later) and /additional-upload.
 */
import type { ReactNode } from 'react';
import { INVALID_LINK_MESSAGE } from '@platform/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Card,
  CardContent,
  Skeleton,
  getServerMessage,
} from '@platform/ui';
import { LinkIcon } from 'lucide-react';

/** The link being checked: placeholders, and `message` for screen readers. */
export function OpeningLinkCard({ message }: { message: string }) {
  return (
    <Card aria-busy="true">
      <CardContent className="space-y-3 pt-6">
        <p className="sr-only" role="status">
          {message}
        </p>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-24 w-full" />
      </CardContent>
    </Card>
  );
}

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
