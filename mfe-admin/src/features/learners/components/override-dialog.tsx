/** One drip override for one learner, asking for the reason first (docs/behaviour/admin.md#learners). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DripOverrideRequestSchema,
  OVERRIDE_REASON_MAX_LENGTH,
  type DripOverrideAction,
  type DripOverrideRequest,
} from '@platform/contracts';
import {
  Button,
  FormField,
  Textarea,
  fieldAria,
  fieldHintId,
  getServerMessage,
  showFieldIssues,
  toast,
} from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
import { useDripOverride } from '../api/admin-learners';
import { LEARNERS_COPY, OVERRIDE_COPY } from '../lib/learners-copy';

const PATHS = { unlock_all: 'unlock-all', reset_progress: 'reset-progress' } as const;

function OverrideForm({
  userId,
  action,
  onDone,
}: {
  userId: string;
  action: DripOverrideAction;
  onDone: () => void;
}) {
  const copy = OVERRIDE_COPY[action];
  const override = useDripOverride(userId, PATHS[action]);
  const form = useForm<DripOverrideRequest>({
    resolver: zodResolver(DripOverrideRequestSchema),
    defaultValues: { reason: '' },
  });
  const reasonId = `${action}-reason-${userId}`;
  const error = form.formState.errors.reason?.message;

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await override.mutateAsync(request);
    } catch (failure) {
      if (showFieldIssues(failure, ['reason'], (field, message) => form.setError(field, { message }))) return;
      toast({
        title: LEARNERS_COPY.failedTitle,
        description: getServerMessage(failure) ?? copy.failed,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: LEARNERS_COPY.doneTitle, description: copy.done, variant: 'success' });
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <FormField
        id={reasonId}
        label={LEARNERS_COPY.reasonLabel}
        error={error}
        hint={LEARNERS_COPY.reasonHint}
      >
        <Textarea
          {...fieldAria(reasonId, error, fieldHintId(reasonId))}
          rows={3}
          maxLength={OVERRIDE_REASON_MAX_LENGTH}
          {...form.register('reason')}
        />
      </FormField>
      <DialogActions busy={override.isPending} label={copy.submit} busyLabel={copy.busy} />
    </form>
  );
}

export function OverrideDialog({
  userId,
  action,
  who,
}: {
  userId: string;
  action: DripOverrideAction;
  who: string;
}) {
  const copy = OVERRIDE_COPY[action];
  return (
    <ButtonDialog
      trigger={
        <Button type="button" size="sm" variant={action === 'unlock_all' ? 'default' : 'outline'}>
          {copy.button}
        </Button>
      }
      title={copy.title}
      description={`${who}. ${copy.text}`}
    >
      {(close) => <OverrideForm userId={userId} action={action} onDone={close} />}
    </ButtonDialog>
  );
}
