/** The checkout while the course's price or the signed-in user is loading. */
import { Skeleton } from '@platform/ui';

export function CheckoutSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the checkout…
      </p>
      <Skeleton className="h-9 w-56" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Skeleton className="h-96 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    </div>
  );
}
