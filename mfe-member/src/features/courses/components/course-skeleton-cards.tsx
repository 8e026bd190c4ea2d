/** Three skeleton course cards while the course list loads (/courses and /member/dashboard). */
import { Card, LoadingPlaceholder, Skeleton, SkeletonBars } from '@platform/ui';

export function CourseSkeletonCards() {
  return (
    <LoadingPlaceholder className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" testId="course-skeletons">
      {[0, 1, 2].map((key) => (
        <Card key={key} className="overflow-hidden">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="space-y-3 p-6">
            <SkeletonBars sizes={['h-5 w-3/4', 'h-4 w-1/2', 'h-9 w-full']} />
          </div>
        </Card>
      ))}
    </LoadingPlaceholder>
  );
}
