/**
 * A card of placeholders while the server answers (an e-mailed link being checked, a consultation being
 * looked up), saying to screen readers what is awaited.
 */
import { Card, CardContent, Skeleton } from '@platform/ui';

export function WaitingCard({
  message,
  bodyClassName = 'h-24 w-full',
}: {
  message: string;
  /** The placeholder under the title's: the size of what will come. */
  bodyClassName?: string;
}) {
  return (
    <Card aria-busy="true">
      <CardContent className="space-y-3 pt-6">
        <p className="sr-only" role="status">
          {message}
        </p>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className={bodyClassName} />
      </CardContent>
    </Card>
  );
}
