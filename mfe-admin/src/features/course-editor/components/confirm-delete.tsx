/** Deleting a section or lesson asks first, saying what members lose. */
import { useState } from 'react';
import { Button } from '@platform/ui';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@platform/ui/dialog';
import { COURSE_EDITOR_COPY, DELETE_WARNING } from '../lib/course-editor-copy';

export function ConfirmDelete({
  question,
  triggerLabel,
  onConfirm,
}: {
  question: string;
  /** The trigger's accessible name ('Delete lesson “…”'). */
  triggerLabel: string;
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await onConfirm();
    setBusy(false);
    if (done) setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={triggerLabel}
          className="text-destructive"
        >
          {COURSE_EDITOR_COPY.delete}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{question}</DialogTitle>
          <DialogDescription>{DELETE_WARNING}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              {COURSE_EDITOR_COPY.cancel}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={busy} onClick={() => void confirm()}>
            {busy ? COURSE_EDITOR_COPY.deleting : COURSE_EDITOR_COPY.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
