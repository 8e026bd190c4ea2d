import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** `role="progressbar"` with aria-valuenow; give it an `aria-label` (or `aria-labelledby`). */
export function Progress({ className, value, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = Math.min(100, Math.max(0, value ?? 0));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full flex-1 bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}

/** A labelled bar with its percent written beside it (`upload-percent`), e.g. an upload's. */
export function ProgressWithPercent({
  percent,
  label,
  percentClassName,
}: {
  percent: number;
  /** The bar's accessible name. */
  label: string;
  percentClassName: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <Progress value={percent} aria-label={label} aria-valuetext={`${percent}%`} className="flex-1" />
      <span className={percentClassName} data-testid="upload-percent">
        {percent}%
      </span>
    </div>
  );
}
