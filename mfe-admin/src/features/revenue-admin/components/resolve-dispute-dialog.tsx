/**
 * 'Resolve dispute' (docs/behaviour/revenue-share.md#disputes): the owner's reason, then either the
 * corrected figures (gross and expenses in dollars and cents, net following; the server recomputes the
 * share) with an optional note, or a reason to reject. The server's refusal of a field is shown beside it.
 * An answer whose reply was lost, or pressed again after that and refused as no longer open, is found in
 * the reports read again and told as given when the dispute was closed with these very figures or words.
 */
import { useState } from 'react';
import { REPORT_DISPUTE_MESSAGES, netRevenueOf } from '@platform/contracts';
import type { AdminRevenueReport } from '@platform/contracts';
import { formatDateTime, formatMoney, formatMoneyInput, parseMoneyInput } from '@platform/contracts/format';
import { FormField, Textarea } from '@platform/ui';
import { PressedButtonGroup } from '../../../components/pressed-button-group';
import { useReadRevenueReportsNow } from '../api/get-revenue-reports';
import { useResolveDispute } from '../api/resolve-dispute';
import {
  AcceptDisputeFormSchema,
  EXPENSES_AMOUNT_RULES,
  GROSS_AMOUNT_RULES,
  RejectDisputeFormSchema,
} from '../lib/ledger-forms';
import type {
  AcceptDisputeFormOutput,
  AcceptDisputeFormValues,
  RejectDisputeFormValues,
} from '../lib/ledger-forms';
import { ACTION_LABELS, DISPUTE_COPY } from '../lib/revenue-admin-copy';
import { formatPeriod } from '../lib/report-period';
import { LedgerActionDialog } from './ledger-action-dialog';
import { LedgerForm, refusalBeside, useLedgerForm } from './ledger-change';
import { MoneyField } from './money-field';

const OUTCOMES = [
  { value: 'accept', label: 'Accept with corrected figures' },
  { value: 'reject', label: 'Reject' },
] as const;

const ACCEPT_FIELDS = ['grossRevenue', 'businessExpenses', 'netRevenue', 'note'] as const;

function centsOr(text: string, fallback: number): number {
  const read = parseMoneyInput(text, { emptyAs: 0 });
  return read.ok ? read.cents : fallback;
}

/** The same words, whatever the spaces around them (the server keeps them trimmed). */
function sameText(kept: string | null | undefined, sent: string | undefined): boolean {
  return (kept ?? '').trim() === (sent ?? '').trim();
}

/**
 * Looks for the dispute open when the dialog opened, closed now as `closedAs` says: the words of that
 * success when found, null otherwise.
 */
function useFindResolved(
  report: AdminRevenueReport,
): (closedAs: (now: AdminRevenueReport) => boolean, words: string) => Promise<string | null> {
  const readReportsNow = useReadRevenueReportsNow();
  const [disputeId] = useState(report.dispute?.id);
  return async (closedAs, words) => {
    const now = (await readReportsNow())?.find((item) => item.id === report.id);
    return now?.dispute && now.dispute.id === disputeId && closedAs(now) ? words : null;
  };
}

function AcceptForm({ report, onDone }: { report: AdminRevenueReport; onDone: () => void }) {
  const resolve = useResolveDispute();
  const findResolved = useFindResolved(report);
  const { form, onSubmit, busy } = useLedgerForm<AcceptDisputeFormValues, AcceptDisputeFormOutput>({
    schema: AcceptDisputeFormSchema,
    defaultValues: {
      grossRevenue: formatMoneyInput(report.grossRevenue),
      businessExpenses: formatMoneyInput(report.businessExpenses),
      note: '',
    },
    change: ({ grossRevenue, businessExpenses, note }) =>
      resolve.mutateAsync({
        reportId: report.id,
        outcome: 'accept',
        request: {
          grossRevenue,
          businessExpenses,
          netRevenue: netRevenueOf(grossRevenue, businessExpenses),
          ...(note ? { note } : {}),
        },
      }),
    texts: {
      doneTitle: DISPUTE_COPY.acceptedTitle,
      failedText: DISPUTE_COPY.failed,
      failureLog: 'Accepting the dispute failed:',
    },
    showRefusal: (setError) =>
      refusalBeside(
        (field, error, options) => setError(field === 'netRevenue' ? 'grossRevenue' : field, error, options),
        ACCEPT_FIELDS,
      ),
    onDone,
    findDone: ({ grossRevenue, businessExpenses, note }) =>
      findResolved(
        (now) =>
          now.dispute?.status === 'accepted' &&
          now.grossRevenue === grossRevenue &&
          now.businessExpenses === businessExpenses &&
          sameText(now.dispute.resolution, note),
        REPORT_DISPUTE_MESSAGES.accepted,
      ),
  });
  const { errors } = form.formState;
  const net = netRevenueOf(
    centsOr(form.watch('grossRevenue'), report.grossRevenue),
    centsOr(form.watch('businessExpenses'), report.businessExpenses),
  );
  const noteId = `dispute-note-${report.id}`;

  return (
    <LedgerForm onSubmit={onSubmit} busy={busy} label="Accept" busyLabel={ACTION_LABELS.saving}>
      <MoneyField
        form={form}
        rules={GROSS_AMOUNT_RULES}
        name="grossRevenue"
        id={`dispute-gross-${report.id}`}
        label="Corrected gross revenue"
        hint={`Reported: ${formatMoney(report.grossRevenue)}.`}
      />
      <MoneyField
        form={form}
        rules={EXPENSES_AMOUNT_RULES}
        name="businessExpenses"
        id={`dispute-expenses-${report.id}`}
        label="Corrected business expenses"
        hint={`Reported: ${formatMoney(report.businessExpenses)}.`}
      />
      <p className="text-sm" data-testid="dispute-net">
        Net revenue: <span className="font-medium tabular-nums">{formatMoney(net)}</span>
        <span className="block text-xs text-muted-foreground">
          The share is recomputed from it on the server, over the report&apos;s baseline of{' '}
          {formatMoney(report.baselineNetRevenue)}.
        </span>
      </p>
      <FormField
        id={noteId}
        label="Note to the owner (optional)"
        error={errors.note?.message}
        hint="Sent in the e-mail."
      >
        {(aria) => <Textarea {...aria} rows={2} {...form.register('note')} />}
      </FormField>
    </LedgerForm>
  );
}

function RejectForm({ report, onDone }: { report: AdminRevenueReport; onDone: () => void }) {
  const resolve = useResolveDispute();
  const findResolved = useFindResolved(report);
  const { form, onSubmit, busy } = useLedgerForm<RejectDisputeFormValues, RejectDisputeFormValues>({
    schema: RejectDisputeFormSchema,
    defaultValues: { reason: '' },
    change: (request) => resolve.mutateAsync({ reportId: report.id, outcome: 'reject', request }),
    texts: {
      doneTitle: DISPUTE_COPY.rejectedTitle,
      failedText: DISPUTE_COPY.failed,
      failureLog: 'Rejecting the dispute failed:',
    },
    showRefusal: (setError) => refusalBeside(setError, ['reason'] as const),
    onDone,
    findDone: ({ reason }) =>
      findResolved(
        (now) => now.dispute?.status === 'rejected' && sameText(now.dispute.resolution, reason),
        REPORT_DISPUTE_MESSAGES.rejected,
      ),
  });
  const error = form.formState.errors.reason?.message;
  const id = `dispute-reject-reason-${report.id}`;

  return (
    <LedgerForm onSubmit={onSubmit} busy={busy} label="Reject" busyLabel={ACTION_LABELS.saving}>
      <FormField id={id} label="Reason" error={error} hint="Sent to the owner; the share stays as it is.">
        {(aria) => <Textarea {...aria} rows={3} {...form.register('reason')} />}
      </FormField>
    </LedgerForm>
  );
}

export function ResolveDisputeDialog({ report }: { report: AdminRevenueReport }) {
  const [outcome, setOutcome] = useState<'accept' | 'reject'>('accept');
  const dispute = report.dispute;
  if (!dispute) return null;
  return (
    <LedgerActionDialog
      label={DISPUTE_COPY.resolve}
      title="Resolve dispute"
      description={
        <>
          {report.userName}, {formatPeriod(report)}: share {formatMoney(report.shareOwed)}, disputed{' '}
          {formatDateTime(dispute.openedAt)}.
        </>
      }
    >
      {(close) => (
        <>
          <blockquote className="rounded-md border border-border p-3 text-sm break-words whitespace-pre-wrap">
            {dispute.reason}
          </blockquote>
          <PressedButtonGroup
            label="Outcome"
            className="flex flex-wrap gap-2"
            size="sm"
            options={OUTCOMES}
            value={outcome}
            onChange={setOutcome}
          />
          {outcome === 'accept' ? (
            <AcceptForm report={report} onDone={close} />
          ) : (
            <RejectForm report={report} onDone={close} />
          )}
        </>
      )}
    </LedgerActionDialog>
  );
}
