/**
 * Placeholders in the dashboard's shape while its reads are under way: the same grid, and in it the Course
 * Progress card, the release note, 'Course Sections' with a row per section, and 'About This Course' at
 * the sizes the loaded page gives them, so nothing jumps when the data arrives. What the user alone decides
 * (an owner's 'Action Required' and revenue-share card) comes as `lead`, above the grid, where the loaded
 * page puts it.
 */
import type { ReactNode } from 'react';
import { Card, Skeleton, SkeletonBars } from '@platform/ui';

/** Rows in the sections placeholder: the seeded course has eight sections. */
const SECTION_ROWS = 8;

export function DashboardSkeleton({ lead }: { lead?: ReactNode }) {
  return (
    <div aria-busy="true" data-testid="dashboard-skeleton" className="mt-8 space-y-6">
      {lead}
      <DashboardGridSkeleton />
    </div>
  );
}

function DashboardGridSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <p role="status" className="sr-only">
        Loading…
      </p>
      <div className="min-w-0 space-y-6">
        <Card>
          <div className="flex flex-col gap-1 p-6">
            <SkeletonBars sizes={['h-5 w-48', 'h-7 w-40']} />
          </div>
          <div className="space-y-3 p-6 pt-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Skeleton className="h-9 w-16" />
              <Skeleton className="h-5 w-44" />
            </div>
            <SkeletonBars sizes={['h-2 w-full', 'h-5 w-36']} />
          </div>
        </Card>
        <div className="space-y-2 rounded-lg border border-border px-4 py-3">
          <SkeletonBars sizes={['h-4 w-48', 'h-4 w-full', 'h-4 w-2/3']} />
        </div>
        <div className="space-y-4">
          <Skeleton className="h-8 w-52" />
          <Card className="divide-y divide-border px-4 sm:px-6">
            {Array.from({ length: SECTION_ROWS }, (_, key) => (
              <div key={key} className="py-3.5">
                <Skeleton className="h-5 w-3/4 sm:w-1/2" />
              </div>
            ))}
          </Card>
        </div>
      </div>
      <Card className="space-y-3 p-6 lg:self-start">
        <SkeletonBars sizes={['h-7 w-44', 'h-4 w-full', 'h-4 w-full', 'h-4 w-3/4']} />
        <SkeletonBars sizes={['mt-5 h-5 w-full', 'h-5 w-24', 'mt-2 h-8 w-28']} />
      </Card>
    </div>
  );
}
