/**
 * The 'All Customers' and 'Overdue' lists: per owner the standing, when they consented (and agreed, when the
 * admin recorded an earlier agreement) with their first month to report, reports submitted (and how many are
 * flagged), baseline, still owed, paid, the last report and any late months, with Send Reminder, Reminders, Statement,
 * 'Download agreement (PDF)' (and, on All Customers, Correct baseline and Agreement date). A blocked owner is marked apart from an overdue one. A table on a wide
 * screen; a card per customer on a phone.
 */
import { AGREEMENT_MESSAGES, adminAgreementPdfPath, type RevenueCustomer } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import { Badge, Button, Card, cn } from '@platform/ui';
import { agreedBeforeConsent, firstMonthLabel, flaggedReportsLabel } from '../lib/agreement-date';
import { customerName } from '../lib/customer-name';
import { CUSTOMER_STATUS } from '../lib/revenue-admin-copy';
import { AgreementDateDialog } from './agreement-date-dialog';
import { CorrectBaselineDialog } from './correct-baseline-dialog';
import { LedgerFigures, LedgerList, LedgerPerson, LedgerTable, NumberCell } from './ledger-table';
import { RemindersDialog } from './reminders-dialog';
import { StatementDialog } from './statement-dialog';
import { SendReminderDialog } from './send-reminder-dialog';

type CustomerListProps = {
  customers: readonly RevenueCustomer[];
  label: string;
  empty: string;
  /** All Customers: each with 'Correct baseline' and 'Agreement date'. */
  canCorrectBaseline?: boolean;
};

const BLOCKED_NOTE = 'Blocked: no new section opens until they are current again.';

function StatusBadge({ customer }: { customer: RevenueCustomer }) {
  const status = CUSTOMER_STATUS[customer.status];
  return <Badge variant={status.variant}>{status.label}</Badge>;
}

/** 'Mar 2030' for each late month (`YYYY-MM`). */
function lateMonths(customer: RevenueCustomer): string {
  if (customer.missingReports.length === 0) return 'None';
  const format = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return customer.missingReports.map((key) => format.format(new Date(`${key}-01T00:00:00Z`))).join(', ');
}

/**
 * When the owner consented, when they agreed (if the admin recorded another day), their first month and,
 * once they left the programme, the day and their reason.
 */
function Agreement({ customer }: { customer: RevenueCustomer }) {
  return (
    <>
      <span className="block whitespace-nowrap">{formatDate(customer.createdAt)}</span>
      {agreedBeforeConsent(customer) ? (
        <span className="block text-xs whitespace-nowrap text-muted-foreground">
          Agreed {formatDate(`${customer.agreedAt}T00:00:00Z`, { timeZone: 'UTC' })}
        </span>
      ) : null}
      <span className="block text-xs whitespace-nowrap text-muted-foreground" data-testid="first-month">
        {firstMonthLabel(customer)}
      </span>
      {customer.leftAt ? (
        <span className="mt-1 block max-w-56 text-xs break-words" data-testid="customer-left">
          <Badge variant="secondary">Left {formatDate(customer.leftAt)}</Badge>
          {customer.leaveReason ? <span className="mt-1 block">“{customer.leaveReason}”</span> : null}
        </span>
      ) : null}
    </>
  );
}

function FlaggedBadge({ customer }: { customer: RevenueCustomer }) {
  if (customer.flaggedReports === 0) return null;
  return (
    <span className="mt-1 block">
      <Badge variant="destructive" data-testid="flagged-reports">
        {flaggedReportsLabel(customer.flaggedReports)}
      </Badge>
    </span>
  );
}

function figuresOf(customer: RevenueCustomer): [string, string][] {
  return [
    ['Reports', String(customer.reportsSubmitted)],
    ['Baseline', formatMoney(customer.baselineNetRevenue)],
    ['Still owed', formatMoney(customer.totalOwed)],
    ['Paid', formatMoney(customer.totalPaid)],
    ['Last report', customer.lastReportDate ? formatDate(customer.lastReportDate) : 'None yet'],
    ['Late reports', lateMonths(customer)],
  ];
}

function Actions({
  customer,
  canCorrectBaseline,
}: {
  customer: RevenueCustomer;
  canCorrectBaseline?: boolean;
}) {
  const reportsLate = customer.missingReports.length > 0;
  return (
    <div className="flex flex-wrap gap-2">
      <SendReminderDialog
        customerId={customer.id}
        recipient={{ name: customerName(customer), email: customer.email }}
        defaultType={!reportsLate && customer.totalOwed > 0 ? 'payment' : 'report'}
      />
      <RemindersDialog customer={customer} />
      <StatementDialog customer={customer} />
      <Button asChild size="sm" variant="outline">
        <a href={adminAgreementPdfPath(customer.id)} download>
          {AGREEMENT_MESSAGES.download}
        </a>
      </Button>
      {canCorrectBaseline ? <CorrectBaselineDialog customer={customer} /> : null}
      {canCorrectBaseline ? <AgreementDateDialog customer={customer} /> : null}
    </div>
  );
}

function Who({ customer }: { customer: RevenueCustomer }) {
  return <LedgerPerson name={customerName(customer)} email={customer.email} />;
}

const COLUMNS = [
  { name: 'Customer' },
  { name: 'Status' },
  { name: 'Consented' },
  { name: 'Reports', numeric: true },
  { name: 'Baseline', numeric: true },
  { name: 'Still owed', numeric: true },
  { name: 'Paid', numeric: true },
  { name: 'Last report' },
  { name: 'Late reports' },
  { name: 'Actions' },
] as const;

function CustomerTable({ customers, label, canCorrectBaseline }: Omit<CustomerListProps, 'empty'>) {
  return (
    <LedgerTable label={label} columns={COLUMNS}>
      {customers.map((customer) => (
        <tr
          key={customer.id}
          data-testid="customer-row"
          className={cn(
            'border-t border-border align-top',
            customer.status === 'blocked' && 'bg-destructive/5',
          )}
        >
          <th scope="row" className="max-w-56 px-3 py-3 text-left font-normal">
            <Who customer={customer} />
          </th>
          <td className="px-3 py-3">
            <StatusBadge customer={customer} />
            {customer.status === 'blocked' ? (
              <span className="mt-1 block max-w-40 text-xs text-destructive">{BLOCKED_NOTE}</span>
            ) : null}
          </td>
          <td className="px-3 py-3">
            <Agreement customer={customer} />
          </td>
          <NumberCell wrap>
            {customer.reportsSubmitted}
            <FlaggedBadge customer={customer} />
          </NumberCell>
          <NumberCell>{formatMoney(customer.baselineNetRevenue)}</NumberCell>
          <NumberCell>{formatMoney(customer.totalOwed)}</NumberCell>
          <NumberCell>{formatMoney(customer.totalPaid)}</NumberCell>
          <td className="px-3 py-3 whitespace-nowrap">
            {customer.lastReportDate ? formatDate(customer.lastReportDate) : 'None yet'}
          </td>
          <td className="px-3 py-3">{lateMonths(customer)}</td>
          <td className="px-3 py-3">
            <Actions customer={customer} canCorrectBaseline={canCorrectBaseline} />
          </td>
        </tr>
      ))}
    </LedgerTable>
  );
}

function CustomerCard({
  customer,
  canCorrectBaseline,
}: {
  customer: RevenueCustomer;
  canCorrectBaseline?: boolean;
}) {
  return (
    <Card
      data-testid="customer-row"
      className={cn('grid gap-3 p-4', customer.status === 'blocked' && 'border-destructive')}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Who customer={customer} />
        </div>
        <StatusBadge customer={customer} />
      </div>
      {customer.status === 'blocked' ? <p className="text-xs text-destructive">{BLOCKED_NOTE}</p> : null}
      <FlaggedBadge customer={customer} />
      <LedgerFigures
        figures={figuresOf(customer)}
        valueClassName="break-words"
        first={
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Consented</dt>
            <dd className="font-medium">
              <Agreement customer={customer} />
            </dd>
          </div>
        }
      />
      <Actions customer={customer} canCorrectBaseline={canCorrectBaseline} />
    </Card>
  );
}

export function CustomerList({ customers, label, empty, canCorrectBaseline }: CustomerListProps) {
  return (
    <LedgerList
      label={label}
      empty={empty}
      rows={customers}
      table={<CustomerTable customers={customers} label={label} canCorrectBaseline={canCorrectBaseline} />}
      renderCard={(customer) => <CustomerCard customer={customer} canCorrectBaseline={canCorrectBaseline} />}
    />
  );
}
