/**
 * A report's dispute on the owner's page (docs/behaviour/revenue-share.md#disputes): 'Dispute this share'
 * (a dialog asking why) while the share may be disputed; then the dispute's state: open (reminders and
 * collection paused), accepted (the share before and now) or rejected (the admin's reason).
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DisputeReportRequestSchema, DISPUTE_REASON_MAX } from '@platform/contracts';
import type { DisputeReportRequest } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import {
  ApiError,
  Button,
  FormField,
  Textarea,
  fieldAria,
  fieldHintId,
  showFieldIssues,
  toast,
} from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
import { useDisputeReport } from '../api/dispute-report';
import type { ReportRow } from '../lib/report-history';

function DisputeForm({ row, onDone }: { row: ReportRow; onDone: () => void }) {
  const dispute = useDisputeReport();
  const form = useForm<DisputeReportRequest, unknown, DisputeReportRequest>({
    resolver: zodResolver(DisputeReportRequestSchema),
    defaultValues: { reason: '' },
  });
  const id = `dispute-reason-${row.id}`;
  const error = form.formState.errors.reason?.message;
  const length = form.watch('reason').length;

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      const answer = await dispute.mutateAsync({ reportId: row.id, request });
      toast({ title: 'Dispute sent', description: answer.message, variant: 'success' });
      onDone();
    } catch (failure) {
      console.error('Dispute failed:', failure);
      if (
        showFieldIssues(failure, ['reason'] as const, (field, message) => form.setError(field, { message }))
      ) {
        return;
      }
      const serverMessage = failure instanceof ApiError ? failure.serverMessage : undefined;
      toast({
        title: 'Error',
        description: serverMessage ?? 'Your dispute could not be sent. Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <FormField
        id={id}
        label="Why is this share wrong?"
        error={error}
        hint={`For example a refund or an expense left out. ${length}/${DISPUTE_REASON_MAX} characters.`}
      >
        <Textarea {...fieldAria(id, error, fieldHintId(id))} rows={4} {...form.register('reason')} />
      </FormField>
      <DialogActions busy={form.formState.isSubmitting} label="Send dispute" busyLabel="Sending..." />
    </form>
  );
}

export function ReportDispute({ row }: { row: ReportRow }) {
  const { dispute } = row;
  if (dispute) {
    return (
      <p className="max-w-64 min-w-48 text-left text-sm break-words" data-testid="report-dispute">
        {dispute.status === 'open' ? (
          <>
            <span className="font-medium">Dispute under review.</span> Reminders and automatic collection of
            this share are paused.
          </>
        ) : dispute.status === 'accepted' ? (
          <>
            <span className="font-medium">Dispute accepted:</span> the share went from{' '}
            {formatMoney(dispute.previousShareOwed ?? 0)} to {row.shareOwed}.
          </>
        ) : (
          <>
            <span className="font-medium">Dispute rejected:</span> {dispute.resolution}
          </>
        )}
      </p>
    );
  }
  if (!row.disputableUntil) return null;
  return (
    <ButtonDialog
      trigger={
        <Button type="button" size="sm" variant="outline" data-testid="dispute-share">
          Dispute this share
          <span className="sr-only"> for {row.period}</span>
        </Button>
      }
      title="Dispute this share"
      description={
        <>
          {row.period}: share {row.shareOwed}. You can dispute it until {formatDate(row.disputableUntil)}.
          While we review it, we send no payment reminders for it and do not charge your card on file.
        </>
      }
    >
      {(close) => <DisputeForm row={row} onDone={close} />}
    </ButtonDialog>
  );
}
