/** What a page shows in place of its content when its reads failed: the words, and a way to retry. */
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

export function LoadFailedAlert({
  title,
  onRetry,
  retryLabel = 'Try again',
  hint = 'Please try again in a moment.',
}: {
  title: string;
  onRetry: () => void;
  retryLabel?: string;
  /** The line below the title; null for none. */
  hint?: string | null;
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        {hint === null ? null : <p>{hint}</p>}
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          {retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
