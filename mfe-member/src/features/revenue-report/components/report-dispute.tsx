/**
 * A report's dispute on the owner's page (docs/behaviour/revenue-share.md#disputes): 'Dispute this share'
 * (a dialog asking why) while the share may be disputed; then the dispute's state: open (reminders and
 * collection paused), accepted (the share before and now) or rejected (the admin's reason).
 */
import { DisputeReportRequestSchema, DISPUTE_REASON_MAX } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import { Button } from '@platform/ui';
import { ButtonDialog } from '@platform/ui/dialog';
import { useDisputeReport } from '../api/dispute-report';
import type { ReportRow } from '../lib/report-history';
import { ReasonForm } from './reason-form';

function DisputeForm({ row, onDone }: { row: ReportRow; onDone: () => void }) {
  const dispute = useDisputeReport();
  return (
    <ReasonForm
      id={`dispute-reason-${row.id}`}
      schema={DisputeReportRequestSchema}
      label="Why is this share wrong?"
      hint="For example a refund or an expense left out."
      max={DISPUTE_REASON_MAX}
      submitLabel="Send dispute"
      busyLabel="Sending..."
      submit={(request) => dispute.mutateAsync({ reportId: row.id, request })}
      successTitle="Dispute sent"
      failed="Your dispute could not be sent. Please try again."
      onDone={onDone}
    />
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
        <Button size="sm" variant="outline" data-testid="dispute-share">
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
