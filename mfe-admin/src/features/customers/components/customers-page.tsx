/**
 * `/admin/customers` (docs/behaviour/admin.md#customers): every buyer and member, found by name or e-mail
 * (asked once the typing pauses), 25 a page, with what they own, their plan, progress, last activity and
 * revenue-share standing, each composed from the service that owns it (docs/decisions.md, 100).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminCustomer, CustomerLearning, RevenueCustomer } from '@platform/contracts';
import { formatDate } from '@platform/contracts/format';
import { Badge, Button, Card, CardContent, EmptyStateCard, Input, Label } from '@platform/ui';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { FirstReadState } from '../../admin-access/components/first-read-state';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useRevenueCustomers } from '../../revenue-admin/api/get-revenue-customers';
import { CUSTOMER_STATUS } from '../../revenue-admin/lib/revenue-admin-copy';
import { useCustomersLearning, useCustomerSearch } from '../api/admin-customers';
import { CUSTOMERS_COPY, planLabel, sectionsDone } from '../lib/customers-copy';
import { useDebouncedValue } from '../lib/use-debounced-value';

export function customerName(customer: Pick<AdminCustomer, 'firstName' | 'lastName'>): string {
  return `${customer.firstName} ${customer.lastName}`.trim() || CUSTOMERS_COPY.unnamed;
}

/** The later of the last sign-in and the last lesson opened. */
export function lastActivity(customer: AdminCustomer, learning: CustomerLearning | undefined): string | null {
  const times = [customer.lastSignInAt, learning?.lastActivityAt].filter((at): at is string => Boolean(at));
  return times.sort().at(-1) ?? null;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

function CustomerRow({
  customer,
  learning,
  standing,
}: {
  customer: AdminCustomer;
  learning: CustomerLearning | undefined;
  standing: RevenueCustomer | undefined;
}) {
  const owned = learning?.courses.filter((course) => course.hasAccess) ?? [];
  const active = lastActivity(customer, learning);
  return (
    <Card data-testid="admin-customer">
      <CardContent className="grid gap-3 p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,5fr)] md:items-center">
        <div className="min-w-0">
          <Link
            to={`/admin/customers/${customer.id}`}
            className="break-words font-semibold underline-offset-4 hover:underline focus-visible:underline"
          >
            {customerName(customer)}
          </Link>
          <p className="break-all text-sm text-muted-foreground">{customer.email}</p>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Fact label={CUSTOMERS_COPY.owns}>
            {learning
              ? owned.map((course) => course.courseTitle).join(', ') || CUSTOMERS_COPY.ownsNothing
              : '…'}
          </Fact>
          <Fact label={CUSTOMERS_COPY.plan}>{planLabel(customer)}</Fact>
          <Fact label={CUSTOMERS_COPY.progress}>
            {owned.length > 0
              ? owned
                  .map((course) => sectionsDone(course.completedSectionCount, course.sectionCount))
                  .join(', ')
              : '—'}
          </Fact>
          <Fact label={CUSTOMERS_COPY.lastActivity}>
            {active ? formatDate(active) : CUSTOMERS_COPY.never}
          </Fact>
          <Fact label={CUSTOMERS_COPY.standing}>
            {standing ? (
              <Badge variant={CUSTOMER_STATUS[standing.status].variant}>
                {CUSTOMER_STATUS[standing.status].label}
              </Badge>
            ) : (
              CUSTOMERS_COPY.notOnPlan
            )}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

export function AdminCustomersPage() {
  const [typed, setTyped] = useState('');
  const [offset, setOffset] = useState(0);
  const search = useDebouncedValue(typed.trim());
  const page = useCustomerSearch(search, offset);
  const ids = page.data?.customers.map((customer) => customer.id) ?? [];
  const learning = useCustomersLearning(ids);
  const revenue = useRevenueCustomers();
  useAdminReads(page.error, learning.error, revenue.error);

  let body;
  if (!page.data) {
    body = <FirstReadState read={page} copy={CUSTOMERS_COPY} rows={4} rowHeight="h-24" />;
  } else if (page.data.customers.length === 0) {
    body = search ? (
      <EmptyStateCard
        testId="customers-empty"
        title={CUSTOMERS_COPY.noMatch}
        hint={CUSTOMERS_COPY.noMatchHint}
      />
    ) : (
      <EmptyStateCard testId="customers-empty" title={CUSTOMERS_COPY.empty} hint={CUSTOMERS_COPY.emptyHint} />
    );
  } else {
    const { customers, nextOffset } = page.data;
    body = (
      <>
        <ul className="space-y-3" aria-busy={page.isFetching}>
          {customers.map((customer) => (
            <li key={customer.id}>
              <CustomerRow
                customer={customer}
                learning={learning.data?.find((entry) => entry.userId === customer.id)}
                standing={revenue.data?.find((owner) => owner.id === customer.id)}
              />
            </li>
          ))}
        </ul>
        {offset > 0 || nextOffset !== null ? (
          <nav className="mt-4 flex justify-between gap-2" aria-label={CUSTOMERS_COPY.title}>
            <Button
              type="button"
              variant="outline"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - customers.length))}
            >
              {CUSTOMERS_COPY.previous}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={nextOffset === null}
              onClick={() => nextOffset !== null && setOffset(nextOffset)}
            >
              {CUSTOMERS_COPY.next}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <AdminPageFrame
      title={CUSTOMERS_COPY.title}
      description={CUSTOMERS_COPY.description}
      width="6xl"
      headerSpacing="mb-6"
    >
      <div className="mb-4 grid max-w-md gap-2">
        <Label htmlFor="customer-search">{CUSTOMERS_COPY.searchLabel}</Label>
        <Input
          id="customer-search"
          type="search"
          value={typed}
          placeholder={CUSTOMERS_COPY.searchPlaceholder}
          maxLength={200}
          onChange={(event) => {
            setTyped(event.target.value);
            setOffset(0);
          }}
        />
      </div>
      {body}
    </AdminPageFrame>
  );
}
