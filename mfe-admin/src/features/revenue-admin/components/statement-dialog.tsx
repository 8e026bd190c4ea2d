/**
 * Statement: the admin's copy of an owner's monthly statement as a PDF, from the ledger
 * (docs/behaviour/revenue-share.md#monthly-statements): any month from the owner's consent to now.
 */
import { useState } from 'react';
import { STATEMENT_MESSAGES, type RevenueCustomer } from '@platform/contracts';
import { Button, Input, Label } from '@platform/ui';
import { customerName } from '../lib/customer-name';
import { LedgerActionDialog } from './ledger-action-dialog';

/** `YYYY-MM` of an instant, in UTC (the statements' calendar). */
const monthOf = (instant: string | Date) => new Date(instant).toISOString().slice(0, 7);

function StatementPicker({ customer }: { customer: RevenueCustomer }) {
  const now = monthOf(new Date());
  const first = monthOf(customer.createdAt);
  const [month, setMonth] = useState(now);
  const valid = /^\d{4}-\d{2}$/.test(month) && month >= first && month <= now;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`statement-month-${customer.id}`}>{STATEMENT_MESSAGES.month}</Label>
        <Input
          id={`statement-month-${customer.id}`}
          type="month"
          min={first}
          max={now}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
        />
      </div>
      {valid ? (
        <Button asChild>
          <a href={`/api/admin/revenue-customers/${customer.id}/statements/${month}.pdf`} download>
            {STATEMENT_MESSAGES.download}
          </a>
        </Button>
      ) : (
        <p className="text-sm text-destructive">{STATEMENT_MESSAGES.noStatement}</p>
      )}
    </div>
  );
}

export function StatementDialog({ customer }: { customer: RevenueCustomer }) {
  return (
    <LedgerActionDialog
      label="Statement"
      title={STATEMENT_MESSAGES.title}
      description={`${customerName(customer)}'s statement of a month, as they download it.`}
    >
      {() => <StatementPicker customer={customer} />}
    </LedgerActionDialog>
  );
}
