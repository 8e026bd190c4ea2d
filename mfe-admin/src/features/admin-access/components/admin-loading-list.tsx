/** An admin list's waiting state: a line for screen readers and a few placeholders of the rows' height. */
import { Skeleton, cn } from '@platform/ui';

export function AdminLoadingList({
  label,
  rows,
  rowHeight,
  className = 'space-y-2',
}: {
  label: string;
  rows: number;
  /** A Tailwind height class (`h-36`). */
  rowHeight: string;
  className?: string;
}) {
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: rows }, (_, key) => (
        <Skeleton key={key} className={cn(rowHeight, 'w-full')} />
      ))}
    </div>
  );
}
