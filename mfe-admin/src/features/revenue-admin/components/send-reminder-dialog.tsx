/**
 * Send Reminder: a small dialog choosing a revenue report reminder or a payment reminder for one owner
 * (the report's owner, or the customer of the row). Success: 'Reminder Sent' naming which; failure: 'Failed
 * to send reminder. Please try again.', and the server's reason in the dialog when it gave one ('This
 * customer has no verified share to pay').
 */
import { useId, useState } from 'react';
import { REMINDER_TYPES, REVENUE_ADMIN_MESSAGES, reminderSentText } from '@platform/contracts';
import type { ReminderType } from '@platform/contracts';
import { Alert, AlertDescription, getServerMessage, toast } from '@platform/ui';
import { DialogActions } from '@platform/ui/dialog';
import { useSendReminder } from '../api/send-reminder';
import { ACTION_LABELS, REMINDER_LABELS } from '../lib/revenue-admin-copy';
import { LedgerActionDialog } from './ledger-action-dialog';

type SendReminderDialogProps = {
  customerId: string;
  /** Who it goes to, as the dialog names them. */
  recipient: { name: string; email: string };
  /** The choice the dialog opens with. */
  defaultType: ReminderType;
};

export function SendReminderDialog({ customerId, recipient, defaultType }: SendReminderDialogProps) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<ReminderType>(defaultType);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useSendReminder();
  const name = useId();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setType(defaultType);
      setRefusal(null);
    }
  };

  const submit = async () => {
    setRefusal(null);
    try {
      await send.mutateAsync({ customerId, reminderType: type });
      toast({
        title: REVENUE_ADMIN_MESSAGES.reminderSentTitle,
        description: reminderSentText(type),
        variant: 'success',
      });
      setOpen(false);
    } catch (failure) {
      console.error('Send reminder failed:', failure);
      setRefusal(getServerMessage(failure));
      toast({ title: 'Error', description: REVENUE_ADMIN_MESSAGES.reminderFailed, variant: 'destructive' });
    }
  };

  return (
    <LedgerActionDialog
      open={open}
      onOpenChange={onOpenChange}
      label={ACTION_LABELS.sendReminder}
      title="Send Reminder"
      description={`An e-mail to ${recipient.name} (${recipient.email}).`}
    >
      {() => (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Which reminder</legend>
            {REMINDER_TYPES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={type === option}
                  onChange={() => setType(option)}
                  className="size-4 accent-[var(--primary)]"
                />
                {REMINDER_LABELS[option]}
              </label>
            ))}
          </fieldset>
          {refusal ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>{refusal}</p>
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogActions
            busy={send.isPending}
            label={ACTION_LABELS.sendReminder}
            busyLabel={ACTION_LABELS.sending}
          />
        </form>
      )}
    </LedgerActionDialog>
  );
}
