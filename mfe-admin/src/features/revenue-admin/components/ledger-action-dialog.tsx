/**
 * A dialog about one row of the ledger (a customer or a report), opened by its own small outlined button on
 * that row.
 */
import type { ReactNode } from 'react';
import { Button } from '@platform/ui';
import { ButtonDialog } from '@platform/ui/dialog';

export function LedgerActionDialog({
  label,
  title = label,
  description,
  children,
  open,
  onOpenChange,
}: {
  /** The button's words. */
  label: string;
  /** The dialog's title: the button's words unless told otherwise. */
  title?: string;
  description: ReactNode;
  /** Rendered while the dialog is open (its reads start when it opens); `close` closes it. */
  children: (close: () => void) => ReactNode;
  /** Given when the caller keeps whether the dialog is open. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <ButtonDialog
      trigger={
        <Button size="sm" variant="outline">
          {label}
        </Button>
      }
      title={title}
      description={description}
      open={open}
      onOpenChange={onOpenChange}
    >
      {children}
    </ButtonDialog>
  );
}
