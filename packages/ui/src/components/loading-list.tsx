/** A list's waiting state: a line for screen readers and a few placeholders of the rows' height. */
import { cn } from '../lib/cn';
import { LoadingPlaceholder } from './loading-placeholder';
import { SkeletonRows } from './skeleton';

export function LoadingList({
  label,
  rows,
  rowHeight,
  className = 'space-y-2',
  testId,
}: {
  label: string;
  rows: number;
  /** A Tailwind height class (`h-36`). */
  rowHeight: string;
  className?: string;
  testId?: string;
}) {
  return (
    <LoadingPlaceholder label={label} className={className} testId={testId}>
      <SkeletonRows count={rows} className={cn(rowHeight, 'w-full')} />
    </LoadingPlaceholder>
  );
}
