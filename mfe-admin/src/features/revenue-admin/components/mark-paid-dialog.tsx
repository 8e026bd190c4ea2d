/**
 * Mark Paid: a small dialog asking how much arrived, in dollars and cents, prefilled with what the report
 * still owes, shown as typed and written the standard way once the admin leaves it. A part is accepted; the
 * server's refusal ('The amount is more than …') is shown under the field. Success: 'Payment Recorded' with
 * the amount, and the lists are read again. Each opening of the dialog is one payment: its id goes with
 * every attempt, so a retry after a lost answer or a second press records it once, and the server's 409
 * for an id already recorded with another amount shows under the field. A payment whose answer was lost is
 * told as recorded when the report read again shows exactly it paid on top of what was paid at opening.
 */
import { useState } from 'react';
import { REVENUE_ADMIN_MESSAGES } from '@platform/contracts';
import type { AdminRevenueReport } from '@platform/contracts';
import { formatMoney, formatMoneyInput } from '@platform/contracts/format';
import { ApiError, Button, newRequestId } from '@platform/ui';
import { ButtonDialog } from '@platform/ui/dialog';
import { useReadRevenueReportsNow } from '../api/get-revenue-reports';
import { useMarkReportPaid } from '../api/mark-report-paid';
import { LedgerForm, useLedgerForm } from './ledger-change';
import { MoneyField } from './money-field';
import { PAYMENT_AMOUNT_RULES, markPaidFormSchema } from '../lib/ledger-forms';
import type { MarkPaidFormOutput, MarkPaidFormValues } from '../lib/ledger-forms';
import { ACTION_LABELS } from '../lib/revenue-admin-copy';
import { formatPeriod } from '../lib/report-period';

function MarkPaidForm({ report, onDone }: { report: AdminRevenueReport; onDone: () => void }) {
  const markPaid = useMarkReportPaid();
  const [paymentId] = useState(newRequestId);
  // What was owed when the dialog opened: a failed attempt reads the lists again, and a retry of a payment
  // that went through must still pass the form's own check to reach the server, which answers it.
  const [owedAtOpening] = useState(report.amountDue);
  const [paidAtOpening] = useState(report.amountPaid);
  const readReportsNow = useReadRevenueReportsNow();
  const { form, onSubmit, busy } = useLedgerForm<MarkPaidFormValues, MarkPaidFormOutput>({
    schema: markPaidFormSchema(owedAtOpening),
    defaultValues: { amount: formatMoneyInput(owedAtOpening) },
    change: ({ amount }) => markPaid.mutateAsync({ reportId: report.id, request: { amount, paymentId } }),
    texts: {
      doneTitle: REVENUE_ADMIN_MESSAGES.paymentRecordedTitle,
      failedText: REVENUE_ADMIN_MESSAGES.markPaidFailed,
      failureLog: 'Mark paid failed:',
    },
    showRefusal: (setError) => (failure) => {
      const refused = failure instanceof ApiError && (failure.status === 400 || failure.status === 409);
      if (!(refused && failure.serverMessage)) return false;
      setError('amount', { message: failure.serverMessage }, { shouldFocus: true });
      return true;
    },
    onDone,
    // Another payment meanwhile (online) makes the sum differ: then the failure is told, and a retry is
    // still recorded once (the payment id).
    findDone: async ({ amount }) => {
      const now = (await readReportsNow())?.find((item) => item.id === report.id);
      return now?.amountPaid === paidAtOpening + amount ? `${formatMoney(amount)} recorded` : null;
    },
  });
  const id = `mark-paid-amount-${report.id}`;

  return (
    <LedgerForm onSubmit={onSubmit} busy={busy} label="Record payment" busyLabel={ACTION_LABELS.recording}>
      <MoneyField
        form={form}
        rules={PAYMENT_AMOUNT_RULES}
        name="amount"
        id={id}
        label="Amount received"
        hint={`Still owed: ${formatMoney(owedAtOpening)}. A part of it may be recorded now and the rest later.`}
      />
    </LedgerForm>
  );
}

export function MarkPaidDialog({ report }: { report: AdminRevenueReport }) {
  return (
    <ButtonDialog
      trigger={<Button size="sm">{ACTION_LABELS.markPaid}</Button>}
      title="Mark Paid"
      description={
        <>
          {report.userName}, {formatPeriod(report)}: share {formatMoney(report.shareOwed)}, paid so far{' '}
          {formatMoney(report.amountPaid)}.
        </>
      }
    >
      {(close) => <MarkPaidForm report={report} onDone={close} />}
    </ButtonDialog>
  );
}
