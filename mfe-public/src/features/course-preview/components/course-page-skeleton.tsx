import { Skeleton, SkeletonRows } from '@platform/ui';

/** Stand-ins for the videos and the outline while the course outline loads. */
export function CoursePageSkeleton() {
  return (
    <div className="space-y-8">
      <p role="status" className="sr-only">
        Loading the course outline…
      </p>
      <Skeleton className="aspect-video w-full rounded-xl" />
      <Skeleton className="h-16 w-full rounded-lg" />
      <Skeleton className="aspect-video w-full rounded-xl" />
      <div className="space-y-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-64" />
        <SkeletonRows count={4} className="h-24 w-full rounded-xl" />
      </div>
    </div>
  );
}
