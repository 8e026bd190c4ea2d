/*
 * `@platform/ui/toast`: the Radix toast parts and `ToastQueue`, which renders the queue. The root entry's
 * `Toaster` loads this module when the first toast is shown, so pages without toasts never download it.
 */

import { cva } from 'class-variance-authority';
import type { VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitives } from 'radix-ui';
import type { ComponentProps, ReactElement } from 'react';
// Through the package name, not a relative path: the toast queue is the shared singleton's, whichever app
// loaded this module.
import { useToast } from '@platform/ui';
import { cn } from '../lib/cn';
import { createSlotPart } from '../lib/create-slot-part';
import { focusRing } from '../lib/focus-ring';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '../toast/toast-options';

export { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX };

export function ToastProvider({
  duration = TOAST_DURATION_MS,
  swipeThreshold = TOAST_SWIPE_THRESHOLD_PX,
  ...props
}: ComponentProps<typeof ToastPrimitives.Provider>) {
  return <ToastPrimitives.Provider duration={duration} swipeThreshold={swipeThreshold} {...props} />;
}

/**
 * Bottom right from `sm` up (at the bottom on phones), at most 420 px wide
 * (docs/behaviour/site-wide.md#toasts-and-tooltips).
 */
export function ToastViewport({
  className,
  hotkey = TOAST_HOTKEY,
  ...props
}: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      data-slot="toast-viewport"
      hotkey={hotkey}
      className={cn(
        'pointer-events-none fixed bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-hidden sm:right-0 md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-md border p-5 pr-8 shadow-lg',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
    'data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-out data-[swipe=end]:animate-swipe-out',
  ],
  {
    variants: {
      variant: {
        default: 'border-border bg-background text-foreground',
        success: 'success border-success bg-background text-foreground',
        destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>;

export function Toast({ className, variant, ...props }: ToastProps) {
  return (
    <ToastPrimitives.Root
      data-slot="toast"
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  );
}

export const ToastAction = createSlotPart(
  ToastPrimitives.Action,
  'toast-action',
  'inline-flex h-8 shrink-0 cursor-pointer items-center justify-center rounded-md border border-border bg-transparent px-3 text-sm font-medium transition-colors hover:bg-secondary disabled:pointer-events-none disabled:opacity-50',
  'group-[.destructive]:border-destructive-foreground/40 group-[.destructive]:hover:bg-destructive-foreground/10',
  focusRing,
);

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      data-slot="toast-close"
      className={cn(
        'absolute right-2 top-2 cursor-pointer rounded-md p-1 opacity-70 transition-opacity hover:opacity-100',
        focusRing,
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" aria-hidden="true" />
      <span className="sr-only">Close</span>
    </ToastPrimitives.Close>
  );
}

export const ToastTitle = createSlotPart(ToastPrimitives.Title, 'toast-title', 'text-sm font-semibold');

export const ToastDescription = createSlotPart(
  ToastPrimitives.Description,
  'toast-description',
  'text-sm opacity-90',
);

export type ToastActionElement = ReactElement<typeof ToastAction>;

/** Renders the toast queue in Radix's toast region (F8 focuses it). The root entry's `Toaster` mounts it. */
export function ToastQueue() {
  const { toasts } = useToast();

  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
