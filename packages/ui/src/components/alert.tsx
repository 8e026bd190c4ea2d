import { cva } from 'class-variance-authority';
import type { VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { createSlotPart } from '../lib/create-slot-part';

export const alertVariants = cva(
  'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'border-destructive bg-card text-destructive',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type AlertProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/** `role="alert"` (announced when it appears); pass `role="status"` for news that is not urgent. */
export function Alert({ className, variant, ...props }: AlertProps) {
  return (
    <div data-slot="alert" role="alert" className={cn(alertVariants({ variant }), className)} {...props} />
  );
}

export const AlertTitle = createSlotPart(
  'div',
  'alert-title',
  'col-start-2 line-clamp-1 min-h-4 font-semibold tracking-tight',
);

export const AlertDescription = createSlotPart(
  'div',
  'alert-description',
  'col-start-2 grid justify-items-start gap-1 text-sm [&_p]:leading-relaxed',
);
