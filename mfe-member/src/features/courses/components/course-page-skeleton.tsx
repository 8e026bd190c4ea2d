/** The course and section pages' waiting state: a line for screen readers, the head's placeholders, then the body's. */
import type { ReactNode } from 'react';
import { LoadingPlaceholder, Skeleton } from '@platform/ui';

/** Placeholders of the back link, the title and the intro, then `children` (the body's placeholders). */
export function CoursePageSkeleton({
  className,
  testId,
  children,
}: {
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <LoadingPlaceholder className={className} testId={testId}>
      <Skeleton className="h-5 w-36" />
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-4 w-full" />
      {children}
    </LoadingPlaceholder>
  );
}
