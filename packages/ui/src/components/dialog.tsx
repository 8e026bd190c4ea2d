// `@platform/ui/dialog`: an entry of its own (Radix), so pages that do not use it never download it.
import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { Button } from '@platform/ui';
import type { ButtonProps } from '@platform/ui';
import { cn } from '../lib/cn';
import { createSlotPart } from '../lib/create-slot-part';
import { focusRing } from '../lib/focus-ring';

export const Dialog = createSlotPart(DialogPrimitive.Root, 'dialog');

export const DialogTrigger = createSlotPart(DialogPrimitive.Trigger, 'dialog-trigger');

export const DialogPortal = createSlotPart(DialogPrimitive.Portal, 'dialog-portal');

export const DialogClose = createSlotPart(DialogPrimitive.Close, 'dialog-close');

export const DialogOverlay = createSlotPart(
  DialogPrimitive.Overlay,
  'dialog-overlay',
  'fixed inset-0 z-50 bg-black/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
);

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** A corner "Close" button (Escape and the overlay close the dialog either way). */
  showCloseButton?: boolean;
};

/** Needs a `<DialogTitle>` (Radix warns without one); focus is trapped inside and returns to the trigger. */
export function DialogContent({ className, children, showCloseButton = true, ...props }: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-background p-6 text-foreground shadow-lg sm:max-w-lg',
          'outline-hidden data-[state=closed]:animate-zoom-out data-[state=open]:animate-zoom-in',
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className={cn(
              'absolute right-4 top-4 cursor-pointer rounded-sm opacity-70 transition-opacity hover:opacity-100 disabled:pointer-events-none',
              focusRing,
            )}
          >
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = createSlotPart(
  'div',
  'dialog-header',
  'flex flex-col gap-2 text-center sm:text-left',
);

export const DialogFooter = createSlotPart(
  'div',
  'dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);

export const DialogTitle = createSlotPart(
  DialogPrimitive.Title,
  'dialog-title',
  'text-lg font-semibold leading-none',
);

export const DialogDescription = createSlotPart(
  DialogPrimitive.Description,
  'dialog-description',
  'text-sm text-muted-foreground',
);

export type ButtonDialogProps = {
  /** The button that opens it; as the dialog's trigger it is `type="button"` without saying so. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** Built only while the dialog is open (a form starts afresh each time); `close` shuts it. */
  children: (close: () => void) => ReactNode;
  /** Given when the caller keeps the open state itself. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** A dialog opened by its own button, with its title and description above what it holds. */
export function ButtonDialog({
  trigger,
  title,
  description,
  children,
  open: givenOpen,
  onOpenChange,
}: ButtonDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = givenOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children(() => setOpen(false)) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog's 'Cancel' (it closes the dialog) and its action, which says `busyLabel` while `busy`. The action
 * submits the dialog's form unless `onAction` is given.
 */
export function DialogActions({
  label,
  busyLabel,
  busy,
  cancelLabel = 'Cancel',
  variant,
  onAction,
  cancelDisabled = false,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  cancelLabel?: string;
  variant?: ButtonProps['variant'];
  onAction?: () => void;
  cancelDisabled?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type={onAction ? 'button' : 'submit'} variant={variant} disabled={busy} onClick={onAction}>
        {busy ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
