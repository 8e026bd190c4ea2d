/** What a page shows in place of its content when its reads failed: the words, and a way to retry. */
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

export function LoadFailedAlert({
  title,
  onRetry,
  retryLabel = 'Try again',
  hint = 'Please try again in a moment.',
  retrying,
  className,
  testId,
}: {
  title: string;
  onRetry: () => void;
  retryLabel?: string;
  /** The line below the title; null for none. */
  hint?: string | null;
  /** While the reads run again: the button is disabled and says 'Retrying...'. */
  retrying?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <Alert variant="destructive" className={className} data-testid={testId}>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        {hint === null ? null : <p>{hint}</p>}
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying...' : retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
