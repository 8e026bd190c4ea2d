/** Placeholders in the dashboard's shape while its reads are under way. */
import { Card, Skeleton } from '@platform/ui';

export function DashboardSkeleton() {
  return (
    <div
      aria-busy="true"
      data-testid="dashboard-skeleton"
      className="mt-8 grid gap-6 lg:grid-cols-[1fr_20rem]"
    >
      <p role="status" className="sr-only">
        Loading…
      </p>
      <div className="space-y-6">
        <Card className="space-y-4 p-6">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-4 w-56" />
        </Card>
        <Card className="space-y-4 p-6">
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} className="h-10 w-full" />
          ))}
        </Card>
      </div>
      <Card className="space-y-3 p-6">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </Card>
    </div>
  );
}
