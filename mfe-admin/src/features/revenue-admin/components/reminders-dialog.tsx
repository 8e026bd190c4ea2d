/**
 * Reminders: per owner, every reminder e-mailed (automatic or the admin's, newest first) and the rungs of
 * the ladder still to come (docs/behaviour/revenue-share.md#the-reminder-ladder), read when the dialog opens.
 */
import type { ReminderEntry, RevenueCustomer } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { Badge, Skeleton } from '@platform/ui';
import { useCustomerReminders } from '../api/get-customer-reminders';
import { customerName } from '../lib/customer-name';
import { LedgerActionDialog } from './ledger-action-dialog';

function Entries({ entries, label, empty }: { entries: ReminderEntry[]; label: string; empty: string }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="max-h-56 space-y-2 overflow-y-auto text-sm" aria-label={label}>
      {entries.map((entry) => (
        <li key={`${entry.kind}-${entry.step}-${entry.at}-${entry.label}`} className="rounded-md border p-2">
          <p className="font-medium break-words">
            {entry.label}
            {entry.trigger === 'admin' ? (
              <Badge variant="outline" className="ml-2">
                Admin
              </Badge>
            ) : null}
          </p>
          <p className="text-muted-foreground">{formatDateTime(entry.at)}</p>
        </li>
      ))}
    </ul>
  );
}

function Ladder({ customerId }: { customerId: string }) {
  const ladder = useCustomerReminders(customerId, true);
  if (ladder.isPending) return <Skeleton className="h-24 w-full" />;
  if (ladder.isError) {
    return <p className="text-sm text-destructive">The reminders could not be read. Please try again.</p>;
  }
  return (
    <div className="grid gap-4">
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">Coming next</h3>
        <Entries entries={ladder.data.next} label="Reminders coming next" empty="Nothing is scheduled." />
      </section>
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">Sent</h3>
        <Entries entries={ladder.data.sent} label="Reminders sent" empty="No reminder sent yet." />
      </section>
    </div>
  );
}

export function RemindersDialog({ customer }: { customer: RevenueCustomer }) {
  return (
    <LedgerActionDialog
      label="Reminders"
      description={`What ${customerName(customer)} was sent, and what comes next unless the report or payment arrives.`}
    >
      {() => <Ladder customerId={customer.id} />}
    </LedgerActionDialog>
  );
}
