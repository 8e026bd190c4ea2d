/**
 * Reopening /consultation on a device that started a request and did not complete it: continue at step 2
 * with the same submission, or start a new request (docs/behaviour/consultation-and-contact.md#continue-later).
 * The server says first whether the request is still open: one completed (maybe on another device) or no
 * longer known is forgotten and step 1 shows. Without an answer (offline) the offer stands.
 */
import { useEffect } from 'react';
import { formatDate } from '@platform/contracts/format';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Skeleton,
} from '@platform/ui';
import { ArrowRightIcon, RotateCcwIcon } from 'lucide-react';
import { RESUME_COPY } from '../lib/consultation-copy';
import type { ResumableSubmission } from '../lib/resume-storage';
import { useRequestState } from '../lib/use-request-state';

type ResumeOfferProps = {
  remembered: ResumableSubmission;
  onContinue: () => void;
  onStartNew: () => void;
};

export function ResumeOffer({ remembered, onContinue, onStartNew }: ResumeOfferProps) {
  const state = useRequestState(remembered);
  const isClosed = state === 'completed' || state === 'gone';

  useEffect(() => {
    if (isClosed) onStartNew();
  }, [isClosed, onStartNew]);

  if (state === 'checking' || isClosed) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  return (
    <Card role="region" aria-labelledby="resume-heading">
      <CardHeader>
        <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <RotateCcwIcon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle asChild className="pt-2">
          <h2 id="resume-heading" className="text-xl">
            {RESUME_COPY.title}
          </h2>
        </CardTitle>
        <CardDescription className="text-base">
          {RESUME_COPY.description(
            remembered.businessName,
            formatDate(remembered.savedAt, { style: 'long' }),
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        The link we e-mailed when you chose &lsquo;Continue Later&rsquo; opens the same request on any device.
      </CardContent>
      <CardFooter className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" size="lg" className="w-full sm:w-auto" onClick={onStartNew}>
          {RESUME_COPY.startNew}
        </Button>
        <Button type="button" size="lg" className="w-full sm:w-auto" onClick={onContinue}>
          {RESUME_COPY.continue}
          <ArrowRightIcon aria-hidden="true" />
        </Button>
      </CardFooter>
    </Card>
  );
}
