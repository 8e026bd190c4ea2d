/**
 * 'Agreement date' (docs/decisions.md, 66; docs/behaviour/revenue-share.md#recording-an-agreement-date): for
 * an owner who was on the programme before the platform existed, the admin records the day they agreed,
 * with a reason. The 30-day implementation period then starts that day and the months to report follow.
 * A record whose answer was lost is found in the owners read again.
 */
import { useState } from 'react';
import { REVENUE_ADMIN_MESSAGES, agreementDateRecordedText, monthName } from '@platform/contracts';
import type { RevenueCustomer } from '@platform/contracts';
import { formatDate } from '@platform/contracts/format';
import { FormField, Input } from '@platform/ui';
import { useReadRevenueCustomersNow } from '../api/get-revenue-customers';
import { useSetAgreementDate } from '../api/set-agreement-date';
import { agreementDateFormSchema, utcDay } from '../lib/agreement-date';
import type { AgreementDateFormOutput, AgreementDateFormValues } from '../lib/agreement-date';
import { customerName } from '../lib/customer-name';
import { ACTION_LABELS } from '../lib/revenue-admin-copy';
import { LedgerActionDialog } from './ledger-action-dialog';
import { LedgerForm, ReasonField, refusalBeside, useLedgerForm } from './ledger-change';

const FIELDS = ['agreedAt', 'reason'] as const;

function AgreementDateForm({ customer, onDone }: { customer: RevenueCustomer; onDone: () => void }) {
  const record = useSetAgreementDate();
  const readCustomersNow = useReadRevenueCustomersNow();
  // The day when the dialog opened: a failed press reads the lists again, so the prop moves on.
  const [agreedAtOpening] = useState(customer.agreedAt);
  const today = utcDay(new Date());
  const { form, onSubmit, busy } = useLedgerForm<AgreementDateFormValues, AgreementDateFormOutput>({
    schema: agreementDateFormSchema(today),
    defaultValues: { agreedAt: customer.agreedAt, reason: '' },
    change: (request) => record.mutateAsync({ customerId: customer.id, request }),
    texts: {
      doneTitle: REVENUE_ADMIN_MESSAGES.agreementDateRecordedTitle,
      failedText: REVENUE_ADMIN_MESSAGES.agreementDateFailed,
      failureLog: 'Recording the agreement date failed:',
    },
    showRefusal: (setError) => refusalBeside(setError, FIELDS),
    onDone,
    findDone: async ({ agreedAt }) => {
      if (agreedAt === agreedAtOpening) return null;
      const now = (await readCustomersNow())?.find((item) => item.id === customer.id);
      return now?.agreedAt === agreedAt
        ? agreementDateRecordedText(monthName(now.firstReportableMonth))
        : null;
    },
  });
  const { errors } = form.formState;
  const dateId = `agreement-date-${customer.id}`;
  const reasonId = `agreement-reason-${customer.id}`;

  return (
    <LedgerForm onSubmit={onSubmit} busy={busy} label="Save agreement date" busyLabel={ACTION_LABELS.saving}>
      <FormField
        id={dateId}
        label="Agreement date"
        error={errors.agreedAt?.message}
        hint="The day the owner agreed to the program; not in the future."
      >
        {(aria) => <Input {...aria} type="date" max={today} {...form.register('agreedAt')} />}
      </FormField>
      <ReasonField form={form} id={reasonId} keptWith="record" />
    </LedgerForm>
  );
}

export function AgreementDateDialog({ customer }: { customer: RevenueCustomer }) {
  return (
    <LedgerActionDialog
      label={ACTION_LABELS.agreementDate}
      title="Agreement date"
      description={
        <>
          {customerName(customer)} consented here on {formatDate(customer.createdAt)}; their months to report
          start with {monthName(customer.firstReportableMonth)}. For an owner who agreed to the program
          before, record that day: the 30-day implementation period starts then, and the first whole month
          after it is the first they report.
        </>
      }
    >
      {(close) => <AgreementDateForm customer={customer} onDone={close} />}
    </LedgerActionDialog>
  );
}
