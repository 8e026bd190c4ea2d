/** A read that failed: what went wrong, in plain words, and Retry, which reads again each of `reads` that failed. */
import { Button, TitledCard } from '@platform/ui';

/** The part of a query's state Retry uses. */
export type RetryableRead = { isError: boolean; isFetching: boolean; refetch: () => Promise<unknown> };

export function LoadError({ title, reads }: { title: string; reads: readonly RetryableRead[] }) {
  const isRetrying = reads.some((read) => read.isFetching);
  const retry = () => {
    for (const read of reads) if (read.isError) void read.refetch();
  };
  return (
    <TitledCard
      role="alert"
      data-testid="load-error"
      title={title}
      titleClassName="text-lg"
      description="Please check your connection and try again."
    >
      <Button type="button" onClick={retry} disabled={isRetrying}>
        {isRetrying ? 'Retrying...' : 'Retry'}
      </Button>
    </TitledCard>
  );
}
