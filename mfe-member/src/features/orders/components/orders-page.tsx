/**
 * `/orders` (docs/behaviour/checkout-and-payments.md#orders-and-billing): the signed-in account's
 * purchases, newest first, with number, date, lines, discount, total and status; inside the 30-day
 * guarantee 'Ask for a refund', after it the date it ended and the way to support. Signed-out visitors get
 * 'Login Required' and go to /login; a 401 from the list, 'Session Expired'.
 */
import { useEffect } from 'react';
import {
  SAVED_CARD_OUTCOME_PARAM,
  readSavedCardOutcome,
  type MyOrder,
  type SavedCardOutcome,
} from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import {
  Badge,
  ButtonLink,
  Card,
  CardContent,
  CardHeader,
  EmptyStateCard,
  LoadFailedAlert,
  LoadingList,
  SITE_NAME,
  useSignInGate,
  useDocumentTitle,
  useOnceSearchParam,
  useToastAndRedirect,
  TextLink,
} from '@platform/ui';
import { FileDownIcon } from 'lucide-react';
import { useMyOrders } from '../api/orders';
import { ORDERS_COPY, STATUS_LABELS, guaranteeOf, subtotalOf } from '../lib/order-display';
import { paidOn } from '../lib/payment-plan-copy';
import { PaymentPlanSchedule } from './payment-plan-schedule';
import { RefundDialog } from './refund-dialog';
import { TitledPage } from '../../../components/titled-page';

const LOGIN_REDIRECT_DELAY_MS = 1000;
const DATE = { style: 'long' } as const;

function OrderCard({
  order,
  now,
  cardOutcome,
}: {
  order: MyOrder;
  now: Date;
  cardOutcome: SavedCardOutcome | null;
}) {
  const status = STATUS_LABELS[order.status];
  const guarantee = guaranteeOf(order, now);
  return (
    <Card data-testid="order-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">Order {order.number}</h2>
          <p className="text-sm text-muted-foreground">
            {formatDate(new Date(order.paidAt ?? order.createdAt), DATE)}
            {order.provider === 'test' ? ' · test payment' : ''}
          </p>
        </div>
        <Badge variant={status.variant}>{status.label}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-2 text-sm">
          {order.lines.map((line) => (
            <div key={line.productId} className="flex justify-between gap-4">
              <dt className="min-w-0">
                {line.name}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </dt>
              <dd className="shrink-0 tabular-nums">
                {line.unitPrice === 0 ? 'Included' : formatMoney(line.unitPrice * line.quantity)}
              </dd>
            </div>
          ))}
          {order.discount > 0 ? (
            <>
              <div className="flex justify-between gap-4 border-t border-border pt-2 text-muted-foreground">
                <dt>Subtotal</dt>
                <dd className="tabular-nums">{formatMoney(subtotalOf(order))}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="min-w-0 text-muted-foreground">Discount ({order.couponCode})</dt>
                <dd className="shrink-0 font-medium text-success tabular-nums">
                  -{formatMoney(order.discount)}
                </dd>
              </div>
            </>
          ) : null}
          <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
            <dt>{order.status === 'refunded' ? 'Refunded' : 'Total paid'}</dt>
            <dd className="tabular-nums">{formatMoney(paidOn(order))}</dd>
          </div>
        </dl>
        {order.paymentPlan ? (
          <PaymentPlanSchedule order={order} plan={order.paymentPlan} cardOutcome={cardOutcome} />
        ) : null}
        {order.invoiceNumber ? (
          <p className="text-sm">
            <a
              href={`/api/orders/${order.id}/invoice.pdf`}
              download
              className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4"
            >
              <FileDownIcon className="size-4" aria-hidden="true" />
              Download invoice {order.invoiceNumber} (PDF)
            </a>
          </p>
        ) : null}
        {guarantee.kind === 'refundable' ? (
          <div className="flex flex-col gap-3 rounded-md bg-muted/50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p>
              30-day money-back guarantee: you can ask for a refund until {formatDate(guarantee.until, DATE)}.
            </p>
            <RefundDialog order={order} />
          </div>
        ) : guarantee.kind === 'ended' ? (
          <p className="text-sm text-muted-foreground" data-testid="guarantee-ended">
            The 30-day money-back guarantee ended on {formatDate(guarantee.endedOn, DATE)}. For anything about
            this order, please <TextLink to="/contact">contact support</TextLink>.
          </p>
        ) : order.status === 'refunded' && order.refundedAt ? (
          <p className="text-sm text-muted-foreground">
            Refunded on {formatDate(new Date(order.refundedAt), DATE)}.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function OrdersPage() {
  useDocumentTitle(`${ORDERS_COPY.title} | ${SITE_NAME}`);
  const { user, isLoading: userLoading, redirectToLogin } = useSignInGate();
  const orders = useMyOrders(user !== null);
  const redirect = useToastAndRedirect();
  // Back from the card page where a plan's card was changed (docs/behaviour/checkout-and-payments.md#payment-plan).
  const [cardOutcome] = useOnceSearchParam(SAVED_CARD_OUTCOME_PARAM, readSavedCardOutcome);
  const signedOut = !userLoading && !user;
  const sessionExpired = user !== null && orders.data === null && !orders.isFetching;

  useEffect(() => {
    // Signing out on this page is neither: the logout goes home (useSignInGate).
    if (redirectToLogin || sessionExpired) {
      redirect(
        {
          title: redirectToLogin ? 'Login Required' : 'Session Expired',
          description: 'Please log in to see your orders.',
          variant: 'destructive',
        },
        '/login',
        LOGIN_REDIRECT_DELAY_MS,
      );
    }
  }, [redirectToLogin, sessionExpired, redirect]);

  const loading = userLoading || signedOut || sessionExpired || orders.isPending;
  const list = orders.data?.orders ?? [];
  const now = new Date();

  return (
    <TitledPage title={ORDERS_COPY.title} description={ORDERS_COPY.description} width="max-w-3xl">
      <div className="mt-8">
        {loading ? (
          <LoadingList label="Loading your orders…" rows={2} rowHeight="h-48" className="space-y-4" />
        ) : orders.isError ? (
          <LoadFailedAlert title={ORDERS_COPY.failed} onRetry={() => void orders.refetch()} />
        ) : list.length === 0 ? (
          <EmptyStateCard testId="no-orders" title={ORDERS_COPY.empty} hint={ORDERS_COPY.emptyHint}>
            <ButtonLink to="/pricing" className="mt-4">
              See the programmes
            </ButtonLink>
          </EmptyStateCard>
        ) : (
          <div className="space-y-6">
            {list.map((order) => (
              <OrderCard key={order.id} order={order} now={now} cardOutcome={cardOutcome} />
            ))}
          </div>
        )}
      </div>
    </TitledPage>
  );
}
