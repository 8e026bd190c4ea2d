/** A read that failed: what went wrong, in plain words, and Retry. */
import { Button, TitledCard } from '@platform/ui';

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
    <TitledCard
      role="alert"
      data-testid="load-error"
      title={title}
      titleClassName="text-lg"
      description="Please check your connection and try again."
    >
      <Button type="button" onClick={onRetry} disabled={isRetrying}>
        {isRetrying ? 'Retrying...' : 'Retry'}
      </Button>
    </TitledCard>
  );
}
