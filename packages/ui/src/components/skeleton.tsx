import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A grey placeholder block; decorative, so announce loading elsewhere (e.g. a `role="status"` text). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-foreground/10 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
