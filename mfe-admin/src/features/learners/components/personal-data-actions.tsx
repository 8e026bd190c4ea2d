/**
 * A person's data on their request, for the admin (docs/behaviour/accounts.md#your-data-export-and-deletion):
 * the export's download and the account's deletion after a confirmation.
 */
import { Button, toast, toastFailure } from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
import { adminExportUrl, useDeleteUser } from '../api/admin-learners';
import { PERSONAL_DATA_COPY } from '../lib/learners-copy';

function DeleteUserConfirm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const remove = useDeleteUser(userId);
  const confirm = async () => {
    try {
      const message = await remove.mutateAsync();
      toast({ title: PERSONAL_DATA_COPY.deletedTitle, description: message, variant: 'success' });
      onDone();
    } catch (failure) {
      toastFailure(failure, PERSONAL_DATA_COPY.failed, PERSONAL_DATA_COPY.failed);
    }
  };
  return (
    <DialogActions
      busy={remove.isPending}
      label={PERSONAL_DATA_COPY.deleteSubmit}
      busyLabel={PERSONAL_DATA_COPY.deleteBusy}
      variant="destructive"
      onAction={() => void confirm()}
    />
  );
}

export function PersonalDataActions({ userId, who }: { userId: string; who: string }) {
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <a href={adminExportUrl(userId)} download aria-label={`${PERSONAL_DATA_COPY.exportButton}: ${who}`}>
          {PERSONAL_DATA_COPY.exportButton}
        </a>
      </Button>
      <ButtonDialog
        trigger={
          <Button size="sm" variant="destructive" aria-label={`${PERSONAL_DATA_COPY.deleteButton}: ${who}`}>
            {PERSONAL_DATA_COPY.deleteButton}
          </Button>
        }
        title={PERSONAL_DATA_COPY.deleteTitle}
        description={`${who}. ${PERSONAL_DATA_COPY.deleteText}`}
      >
        {(close) => <DeleteUserConfirm userId={userId} onDone={close} />}
      </ButtonDialog>
    </>
  );
}
