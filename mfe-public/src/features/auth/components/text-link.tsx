/** An inline link in the sign-in pages' text, with the design system's focus ring. */
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@platform/ui';

export const textLinkClass =
  'cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cn(textLinkClass, className)} {...props} />;
}
