/**
 * An admin's change to one person that asks for the reason first and keeps it (a drip override, a grant
 * or revocation of course access): a button, a dialog with the reason, a toast with the outcome.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DripOverrideRequestSchema,
  OVERRIDE_REASON_MAX_LENGTH,
  type DripOverrideRequest,
} from '@platform/contracts';
import { AsyncForm, Button, FormField, Textarea, submitWithToasts } from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
import { LEARNERS_COPY } from '../lib/learners-copy';

export interface ReasonCopy {
  button: string;
  title: string;
  text: string;
  submit: string;
  busy: string;
  done: string;
  failed: string;
}

export interface ReasonDialogProps {
  /** Unique on the page: names the reason field. */
  id: string;
  copy: ReasonCopy;
  /** Who it is about, put before the dialog's text. */
  who: string;
  primary?: boolean;
  busy: boolean;
  submit: (request: DripOverrideRequest) => Promise<unknown>;
}

function ReasonForm({ id, copy, busy, submit, onDone }: ReasonDialogProps & { onDone: () => void }) {
  const form = useForm<DripOverrideRequest>({
    resolver: zodResolver(DripOverrideRequestSchema),
    defaultValues: { reason: '' },
  });
  const reasonId = `${id}-reason`;
  const error = form.formState.errors.reason?.message;

  const onSubmit = submitWithToasts(form, {
    fields: ['reason'],
    send: submit,
    failed: { title: LEARNERS_COPY.failedTitle, description: copy.failed },
    sent: { title: LEARNERS_COPY.doneTitle, description: copy.done },
    onSent: onDone,
  });

  return (
    <AsyncForm onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id={reasonId}
        label={LEARNERS_COPY.reasonLabel}
        error={error}
        hint={LEARNERS_COPY.reasonHint}
      >
        {(aria) => (
          <Textarea {...aria} rows={3} maxLength={OVERRIDE_REASON_MAX_LENGTH} {...form.register('reason')} />
        )}
      </FormField>
      <DialogActions busy={busy} label={copy.submit} busyLabel={copy.busy} />
    </AsyncForm>
  );
}

export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <ButtonDialog
      trigger={
        <Button size="sm" variant={props.primary ? 'default' : 'outline'}>
          {props.copy.button}
        </Button>
      }
      title={props.copy.title}
      description={`${props.who}. ${props.copy.text}`}
    >
      {(close) => <ReasonForm {...props} onDone={close} />}
    </ButtonDialog>
  );
}
