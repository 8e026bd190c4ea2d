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

/**
 * Placeholder bars one after another, each given by its size classes (`'h-4 w-2/3'`), for the shape of a
 * block of text while it loads; the box around them is the caller's.
 */
export function SkeletonBars({ sizes }: { sizes: readonly string[] }) {
  return sizes.map((size, index) => <Skeleton key={index} className={size} />);
}

/** `count` placeholders of one size (`'h-20 w-full'`), for a list or a grid of like items while it loads. */
export function SkeletonRows({ count, className }: { count: number; className: string }) {
  return Array.from({ length: count }, (_, key) => <Skeleton key={key} className={className} />);
}
