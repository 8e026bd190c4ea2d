/**
 * 'Correct baseline' (docs/decisions.md, 25; docs/behaviour/revenue-share.md#correcting-a-baseline): only
 * the admin changes an owner's baseline, with a reason, and each change is recorded. The dialog shows the
 * baseline now and the changes recorded so far; reports submitted after a correction use the new baseline,
 * earlier ones keep theirs. A correction whose answer was lost is found in the owners read again.
 */
import { useState } from 'react';
import { REVENUE_ADMIN_MESSAGES, baselineCorrectedText } from '@platform/contracts';
import type { RevenueCustomer } from '@platform/contracts';
import { formatDateTime, formatMoney, formatMoneyInput } from '@platform/contracts/format';
import { Skeleton } from '@platform/ui';
import { useCorrectBaseline } from '../api/correct-baseline';
import { useBaselineChanges } from '../api/get-baseline-changes';
import { useReadRevenueCustomersNow } from '../api/get-revenue-customers';
import { BASELINE_AMOUNT_RULES, BaselineFormSchema } from '../lib/ledger-forms';
import type { BaselineFormOutput, BaselineFormValues } from '../lib/ledger-forms';
import { ACTION_LABELS } from '../lib/revenue-admin-copy';
import { customerName } from '../lib/customer-name';
import { LedgerActionDialog } from './ledger-action-dialog';
import { LedgerForm, ReasonField, refusalBeside, useLedgerForm } from './ledger-change';
import { MoneyField } from './money-field';

const FIELDS = ['baselineNetRevenue', 'reason'] as const;

function BaselineHistory({ customerId }: { customerId: string }) {
  const changes = useBaselineChanges(customerId, true);
  if (changes.isPending) return <Skeleton className="h-12 w-full" />;
  if (changes.isError) {
    return <p className="text-sm text-muted-foreground">The earlier changes could not be read.</p>;
  }
  if (changes.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Not changed since consent.</p>;
  }
  return (
    <ul className="max-h-40 space-y-2 overflow-y-auto text-sm" aria-label="Earlier changes">
      {changes.data.map((change) => (
        <li key={change.id} className="rounded-md border border-border p-2">
          <p className="font-medium">
            {formatMoney(change.oldBaselineNetRevenue)} → {formatMoney(change.newBaselineNetRevenue)}
            <span className="font-normal text-muted-foreground"> · {formatDateTime(change.changedAt)}</span>
          </p>
          <p className="break-words whitespace-pre-wrap text-muted-foreground">{change.reason}</p>
        </li>
      ))}
    </ul>
  );
}

function BaselineForm({ customer, onDone }: { customer: RevenueCustomer; onDone: () => void }) {
  const correct = useCorrectBaseline();
  const readCustomersNow = useReadRevenueCustomersNow();
  // The baseline when the dialog opened: a failed press reads the lists again, so the prop moves on.
  const [baselineAtOpening] = useState(customer.baselineNetRevenue);
  const { form, onSubmit, busy } = useLedgerForm<BaselineFormValues, BaselineFormOutput>({
    schema: BaselineFormSchema,
    defaultValues: { baselineNetRevenue: formatMoneyInput(customer.baselineNetRevenue), reason: '' },
    change: (request) => correct.mutateAsync({ customerId: customer.id, request }),
    texts: {
      doneTitle: REVENUE_ADMIN_MESSAGES.baselineCorrectedTitle,
      failedText: REVENUE_ADMIN_MESSAGES.baselineFailed,
      failureLog: 'Baseline correction failed:',
    },
    showRefusal: (setError) => refusalBeside(setError, FIELDS),
    onDone,
    findDone: async ({ baselineNetRevenue }) => {
      if (baselineNetRevenue === baselineAtOpening) return null;
      const now = (await readCustomersNow())?.find((item) => item.id === customer.id);
      return now?.baselineNetRevenue === baselineNetRevenue
        ? baselineCorrectedText(formatMoney(baselineNetRevenue))
        : null;
    },
  });
  const amountId = `baseline-amount-${customer.id}`;
  const reasonId = `baseline-reason-${customer.id}`;

  return (
    <LedgerForm onSubmit={onSubmit} busy={busy} label="Save baseline" busyLabel={ACTION_LABELS.saving}>
      <MoneyField
        form={form}
        rules={BASELINE_AMOUNT_RULES}
        name="baselineNetRevenue"
        id={amountId}
        label="New baseline"
        hint="Average monthly net revenue before the program."
      />
      <ReasonField form={form} id={reasonId} keptWith="change" />
    </LedgerForm>
  );
}

export function CorrectBaselineDialog({ customer }: { customer: RevenueCustomer }) {
  return (
    <LedgerActionDialog
      label={ACTION_LABELS.correctBaseline}
      title="Correct baseline"
      description={
        <>
          {customerName(customer)}: the baseline is {formatMoney(customer.baselineNetRevenue)}. Reports
          submitted after the change use the new baseline; earlier reports keep theirs.
        </>
      }
    >
      {(close) => (
        <>
          <section aria-label="Changes recorded" className="grid gap-2">
            <h3 className="text-sm font-medium">Changes recorded</h3>
            <BaselineHistory customerId={customer.id} />
          </section>
          <BaselineForm customer={customer} onDone={close} />
        </>
      )}
    </LedgerActionDialog>
  );
}
