/**
 * `/admin/coupons` (docs/behaviour/admin.md#coupons): the coupons with their discount, products, dates and
 * uses, and a form to create one. Admin only, through the shared admin access handling.
 */
import { Badge, Card, EmptyStateCard, LoadFailedAlert, LoadingList } from '@platform/ui';
import { EMAIL_DATE, formatDate } from '@platform/contracts/format';
import type { Coupon, CouponList } from '@platform/contracts';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useCoupons } from '../api/coupons';
import { COUPONS_COPY, couponState, describeDiscount, describeUses } from '../lib/coupon-form';
import { CouponForm } from './coupon-form';

const STATE_LABELS = {
  active: { label: 'Active', variant: 'success' },
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  ended: { label: 'Ended', variant: 'outline' },
  'used-up': { label: 'Used up', variant: 'outline' },
} as const;

function CouponRow({ coupon, products }: { coupon: Coupon; products: CouponList['products'] }) {
  const state = STATE_LABELS[couponState(coupon, new Date())];
  const names =
    coupon.productIds.length === 0
      ? 'Every one-time product'
      : coupon.productIds.map((id) => products.find((product) => product.id === id)?.name ?? id).join(', ');
  return (
    <li
      className="grid gap-2 p-4 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-center"
      data-testid="coupon-row"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold">{coupon.code}</span>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          {describeDiscount(coupon)} · {names}
        </p>
        <p className="text-muted-foreground">
          {coupon.startsAt ? `From ${formatDate(new Date(coupon.startsAt), EMAIL_DATE)}` : 'From now'}
          {coupon.endsAt ? ` until ${formatDate(new Date(coupon.endsAt), EMAIL_DATE)}` : ', no end'}
          {coupon.oncePerCustomer ? ' · once per customer' : ''}
        </p>
      </div>
      <p className="text-sm tabular-nums sm:text-right">{describeUses(coupon)}</p>
    </li>
  );
}

export function CouponsPage() {
  const coupons = useCoupons();
  useAdminReads(coupons.error);
  const products = coupons.data?.products ?? [];

  let list;
  if (coupons.isError && !coupons.data) {
    list = <LoadFailedAlert title={COUPONS_COPY.failed} hint={null} onRetry={() => void coupons.refetch()} />;
  } else if (!coupons.data) {
    list = <LoadingList label="Loading coupons…" rows={3} rowHeight="h-16" />;
  } else if (coupons.data.coupons.length === 0) {
    list = <EmptyStateCard testId="coupons-empty" title={COUPONS_COPY.empty} hint={COUPONS_COPY.emptyHint} />;
  } else {
    list = (
      <Card>
        <ul className="divide-y divide-border" aria-label="Coupons">
          {coupons.data.coupons.map((coupon) => (
            <CouponRow key={coupon.id} coupon={coupon} products={products} />
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <AdminPageFrame
      title={COUPONS_COPY.title}
      description={COUPONS_COPY.description}
      narrowDescription
      width="6xl"
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="coupon-list-heading" className="min-w-0 space-y-3">
          <h2 id="coupon-list-heading" className="text-xl font-semibold">
            All coupons
          </h2>
          {list}
        </section>
        <CouponForm products={products} />
      </div>
    </AdminPageFrame>
  );
}
