/** A read that failed: what went wrong, in plain words, and Retry. */
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@platform/ui';

export function LoadError({
  title,
  onRetry,
  isRetrying = false,
}: {
  title: string;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  return (
    <Card role="alert" data-testid="load-error">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
        <CardDescription>Please check your connection and try again.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" onClick={onRetry} disabled={isRetrying}>
          {isRetrying ? 'Retrying...' : 'Retry'}
        </Button>
      </CardContent>
    </Card>
  );
}
