/** Deleting a section or lesson asks first, saying what members lose. */
import { useState } from 'react';
import { Button } from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
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
    <ButtonDialog
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      trigger={
        <Button variant="ghost" size="sm" aria-label={triggerLabel} className="text-destructive">
          {COURSE_EDITOR_COPY.delete}
        </Button>
      }
      title={question}
      description={DELETE_WARNING}
    >
      {() => (
        <DialogActions
          cancelLabel={COURSE_EDITOR_COPY.cancel}
          cancelDisabled={busy}
          variant="destructive"
          busy={busy}
          label={COURSE_EDITOR_COPY.delete}
          busyLabel={COURSE_EDITOR_COPY.deleting}
          onAction={() => void confirm()}
        />
      )}
    </ButtonDialog>
  );
}
