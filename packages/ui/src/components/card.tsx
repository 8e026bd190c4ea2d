import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { createSlotPart } from '../lib/create-slot-part';

export const Card = createSlotPart(
  'div',
  'card',
  'rounded-xl border border-border bg-card text-card-foreground shadow-sm',
);

export const CardHeader = createSlotPart('div', 'card-header', 'flex flex-col gap-1.5 p-6');

export type CardTitleProps = ComponentProps<'h3'> & {
  /** Render the child element instead (e.g. an `<h2>` where the page outline needs one). */
  asChild?: boolean;
};

/** An `<h3>` by default, so a card's title is in the page outline. */
export function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const Comp = asChild ? Slot.Root : 'h3';
  return (
    <Comp
      data-slot="card-title"
      className={cn('text-lg font-semibold leading-tight tracking-tight', className)}
      {...props}
    />
  );
}

export const CardDescription = createSlotPart('p', 'card-description', 'text-sm text-muted-foreground');

export const CardContent = createSlotPart('div', 'card-content', 'p-6 pt-0');

export const CardFooter = createSlotPart('div', 'card-footer', 'flex items-center p-6 pt-0');
