/**
 * A file input drawn as an outlined button: the label is the button, the input inside it is hidden but keeps
 * the focus ring and the keyboard (the upload pages' 'Choose …').
 */
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { buttonVariants } from './button';

export function FilePickButton({
  id,
  disabled = false,
  size,
  className,
  children,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'size' | 'children'> & {
  id: string;
  size?: 'sm';
  /** The label's layout beside the button look (width). */
  className?: string;
  /** What the button says (an icon and words). */
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        buttonVariants({ variant: 'outline', size }),
        'cursor-pointer',
        className,
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
        disabled && 'pointer-events-none opacity-50',
      )}
    >
      {children}
      <input {...input} id={id} type="file" disabled={disabled} className="sr-only" />
    </label>
  );
}
