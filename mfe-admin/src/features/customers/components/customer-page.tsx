/**
 * `/admin/customers/{id}` (docs/behaviour/admin.md#customers): one customer's account (a set-password link
 * on request), each course with their progress and the lesson they are at, granting or revoking it with
 * a reason kept, the history of those changes, and their paid orders (a payment plan's with its schedule,
 * state and card on file); each part from the service that owns it (docs/decisions.md, 100).
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  type AdminCustomer,
  type CustomerCourse,
  type CustomerLearning,
  type Order,
} from '@platform/contracts';
import { formatDate, formatDateTime, formatMoney } from '@platform/contracts/format';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  LoadFailedAlert,
  LoadingList,
  toast,
  toastFailure,
} from '@platform/ui';
import { PaymentPlanSchedule } from '@platform/ui/payment-plan-schedule';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { ReasonDialog } from '../../learners/components/reason-dialog';
import { useRevenueCustomers } from '../../revenue-admin/api/get-revenue-customers';
import { CUSTOMER_STATUS } from '../../revenue-admin/lib/revenue-admin-copy';
import {
  useCustomer,
  useCustomerAccess,
  useCustomerOrders,
  useCustomersLearning,
  useRefundOrder,
  useResendReceipt,
  useSetPasswordLink,
} from '../api/admin-customers';
import {
  ACCESS_COPY,
  CUSTOMER_COPY,
  CUSTOMERS_COPY,
  NOTICE_COPY,
  REFUND_COPY,
  planLabel,
  sectionsDone,
} from '../lib/customers-copy';
import { customerName, lastActivity } from './customers-page';

function AccessButton({ customer, course }: { customer: AdminCustomer; course: CustomerCourse }) {
  const action = course.hasAccess ? 'revoke' : 'grant';
  const change = useCustomerAccess(customer.id, action);
  return (
    <ReasonDialog
      id={`${action}-${course.courseId}`}
      copy={ACCESS_COPY[action]}
      who={`${customerName(customer)}, ${course.courseTitle}`}
      primary={action === 'grant'}
      busy={change.isPending}
      submit={(request) => change.mutateAsync({ ...request, courseId: course.courseId })}
    />
  );
}

function CourseCard({ customer, course }: { customer: AdminCustomer; course: CustomerCourse }) {
  return (
    <li className="space-y-2 rounded-md border p-3" data-testid="customer-course">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{course.courseTitle}</h3>
        {course.hasAccess ? (
          <Badge variant="success">
            {CUSTOMERS_COPY.owns} · {formatDate(course.enrolledAt!)}
          </Badge>
        ) : (
          <Badge variant="secondary">{CUSTOMER_COPY.noAccess}</Badge>
        )}
      </div>
      {course.hasAccess ? (
        <p className="text-sm">
          {sectionsDone(course.completedSectionCount, course.sectionCount)}
          {' · '}
          {course.stuckAt
            ? `${CUSTOMER_COPY.stuckAt}: ${course.stuckAt.sectionTitle} › ${course.stuckAt.lessonTitle}`
            : CUSTOMER_COPY.finished}
        </p>
      ) : null}
      <AccessButton customer={customer} course={course} />
    </li>
  );
}

function History({ learning }: { learning: CustomerLearning }) {
  const titles = new Map(learning.courses.map((course) => [course.courseId, course.courseTitle]));
  if (learning.accessLog.length === 0)
    return <p className="text-sm text-muted-foreground">{CUSTOMER_COPY.noHistory}</p>;
  return (
    <ul className="space-y-1 text-sm" data-testid="access-history">
      {learning.accessLog.map((entry) => (
        <li key={`${entry.createdAt}-${entry.action}-${entry.courseId}`} className="break-words">
          <span className="text-muted-foreground">{formatDateTime(entry.createdAt)}</span> ·{' '}
          {ACCESS_COPY[entry.action].logged} {titles.get(entry.courseId)} · {entry.reason} ·{' '}
          <span className="text-muted-foreground">{entry.adminEmail}</span>
        </li>
      ))}
    </ul>
  );
}

/** A button for an action answered with one sentence, shown in a toast (or the refusal's). */
function NoticeButton({
  action,
  copy: { label, busy, failed },
}: {
  action: ReturnType<typeof useSetPasswordLink>;
  copy: (typeof NOTICE_COPY)[keyof typeof NOTICE_COPY];
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={action.isPending}
      onClick={() =>
        action.mutate(undefined, {
          onSuccess: (answer) =>
            toast({ title: CUSTOMER_COPY.sentTitle, description: answer.message, variant: 'success' }),
          onError: (failure) => toastFailure(failure, CUSTOMER_COPY.failedTitle, failed),
        })
      }
    >
      {action.isPending ? busy : label}
    </Button>
  );
}

function SectionCard({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
      </CardHeader>
      {children}
    </Card>
  );
}

function OrderActions({ customer, order }: { customer: AdminCustomer; order: Order }) {
  const refund = useRefundOrder(customer, order.id);
  const resend = useResendReceipt(order.id);
  return (
    <span className="flex flex-wrap gap-2">
      {order.status === 'fulfilled' ? (
        <ReasonDialog
          id={`refund-${order.id}`}
          copy={REFUND_COPY}
          who={`${customerName(customer)}, ${formatMoney(order.total)}`}
          busy={refund.isPending}
          submit={(request) => refund.mutateAsync(request)}
        />
      ) : null}
      <NoticeButton action={resend} copy={NOTICE_COPY.resendReceipt} />
    </span>
  );
}

function Orders({ customer }: { customer: AdminCustomer }) {
  const orders = useCustomerOrders(customer);
  useAdminReads(orders.error);
  if (orders.isError) return <p className="text-sm text-destructive">{CUSTOMER_COPY.ordersFailed}</p>;
  if (!orders.data) return <LoadingList label={CUSTOMER_COPY.loading} rows={1} rowHeight="h-10" />;
  if (orders.data.orders.length === 0)
    return <p className="text-sm text-muted-foreground">{CUSTOMER_COPY.noOrders}</p>;
  return (
    <ul className="space-y-3 text-sm">
      {orders.data.orders.map((order) => (
        <li
          key={order.id}
          className="grid gap-2 border-b pb-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
          data-testid="customer-order"
        >
          <span className="min-w-0 break-words">
            {order.lines.map((line) => line.name).join(', ')} · {formatDate(order.paidAt ?? order.createdAt)}
            {order.invoiceNumber ? ` · ${order.invoiceNumber}` : ''} · {formatMoney(order.total)}{' '}
            <Badge variant={order.status === 'refunded' ? 'secondary' : 'success'}>{order.status}</Badge>
          </span>
          <OrderActions customer={customer} order={order} />
          {order.paymentPlan ? (
            <div className="sm:col-span-2">
              <PaymentPlanSchedule plan={order.paymentPlan} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function AdminCustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const learning = useCustomersLearning([id]);
  const revenue = useRevenueCustomers();
  const link = useSetPasswordLink(id);
  useAdminReads(customer.error, learning.error, revenue.error);

  let body;
  if ((customer.isError && !customer.data) || (learning.isError && !learning.data)) {
    body = (
      <LoadFailedAlert
        title={CUSTOMER_COPY.failed}
        retryLabel={CUSTOMERS_COPY.retry}
        onRetry={() => void Promise.all([customer.refetch(), learning.refetch()])}
      />
    );
  } else if (!customer.data || !learning.data) {
    body = <LoadingList label={CUSTOMER_COPY.loading} rows={3} rowHeight="h-32" />;
  } else {
    const who = customer.data;
    const mine = learning.data[0]!;
    const standing = revenue.data?.find((owner) => owner.id === who.id);
    const active = lastActivity(who, mine);
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={CUSTOMER_COPY.details}>
          <CardContent className="space-y-3 text-sm">
            <p className="break-all">{who.email}</p>
            <p>
              {CUSTOMERS_COPY.plan}: {planLabel(who)} · {CUSTOMERS_COPY.standing}:{' '}
              {standing ? CUSTOMER_STATUS[standing.status].label : CUSTOMERS_COPY.notOnPlan}
            </p>
            <p>
              {CUSTOMER_COPY.joined} {formatDate(who.createdAt)} · {CUSTOMER_COPY.lastSignIn}{' '}
              {who.lastSignInAt ? formatDateTime(who.lastSignInAt) : CUSTOMERS_COPY.never} ·{' '}
              {CUSTOMERS_COPY.lastActivity} {active ? formatDateTime(active) : CUSTOMERS_COPY.never}
            </p>
            <NoticeButton action={link} copy={NOTICE_COPY.setPassword} />
          </CardContent>
        </SectionCard>
        <SectionCard title={CUSTOMER_COPY.courses}>
          <CardContent className="space-y-4">
            <ul className="space-y-3">
              {mine.courses.map((course) => (
                <CourseCard key={course.courseId} customer={who} course={course} />
              ))}
            </ul>
            <section aria-labelledby="access-history-heading" className="space-y-2">
              <h3 id="access-history-heading" className="text-sm font-semibold">
                {CUSTOMER_COPY.accessHistory}
              </h3>
              <History learning={mine} />
            </section>
          </CardContent>
        </SectionCard>
        <SectionCard title={CUSTOMER_COPY.orders} className="lg:col-span-2">
          <CardContent>
            <Orders customer={who} />
          </CardContent>
        </SectionCard>
      </div>
    );
  }

  return (
    <AdminPageFrame
      title={customer.data ? customerName(customer.data) : CUSTOMERS_COPY.title}
      description={
        <Link to="/admin/customers" className="underline underline-offset-4">
          {CUSTOMER_COPY.back}
        </Link>
      }
      width="6xl"
      headerSpacing="mb-6"
    >
      {body}
    </AdminPageFrame>
  );
}
