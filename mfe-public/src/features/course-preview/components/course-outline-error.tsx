import { Alert, AlertDescription, AlertTitle, Button } from '@platform/ui';
import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';

type CourseOutlineErrorProps = { onRetry: () => void; isRetrying: boolean };

export function CourseOutlineError({ onRetry, isRetrying }: CourseOutlineErrorProps) {
  return (
    <Alert variant="destructive" className="py-4">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>We couldn&apos;t load the course lessons</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>Please check your connection and try again. The rest of the page still works.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={isRetrying}>
          <RotateCwIcon className={isRetrying ? 'animate-spin' : undefined} aria-hidden="true" />
          {isRetrying ? 'Retrying…' : 'Try again'}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
