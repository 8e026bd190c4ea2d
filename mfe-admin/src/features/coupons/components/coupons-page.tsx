/**
 * `/admin/coupons` (docs/behaviour/admin.md#coupons): the coupons with their discount, products, dates and
 * uses, and a form to create one. Admin only, through the shared admin access handling.
 */
import { Link } from 'react-router-dom';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  SITE_NAME,
  Skeleton,
  useDocumentTitle,
} from '@platform/ui';
import { EMAIL_DATE, formatDate } from '@platform/contracts/format';
import type { Coupon, CouponList } from '@platform/contracts';
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
  useDocumentTitle(`${COUPONS_COPY.title} | Admin | ${SITE_NAME}`);
  const coupons = useCoupons();
  useAdminReads(coupons.error);
  const products = coupons.data?.products ?? [];

  let list;
  if (coupons.isError && !coupons.data) {
    list = (
      <Alert variant="destructive">
        <AlertTitle>{COUPONS_COPY.failed}</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void coupons.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (!coupons.data) {
    list = (
      <div className="space-y-2" aria-busy="true">
        <p role="status" className="sr-only">
          Loading coupons…
        </p>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-16 w-full" />
        ))}
      </div>
    );
  } else if (coupons.data.coupons.length === 0) {
    list = (
      <Card className="p-8 text-center" data-testid="coupons-empty">
        <h2 className="text-lg font-semibold">{COUPONS_COPY.empty}</h2>
        <p className="mt-2 text-sm text-muted-foreground">{COUPONS_COPY.emptyHint}</p>
      </Card>
    );
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
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/admin" className="text-primary underline-offset-4 hover:underline">
          Admin
        </Link>
        <span aria-hidden="true" className="px-2 text-muted-foreground">
          /
        </span>
        <span aria-current="page">{COUPONS_COPY.title}</span>
      </nav>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{COUPONS_COPY.title}</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">{COUPONS_COPY.description}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="coupon-list-heading" className="min-w-0 space-y-3">
          <h2 id="coupon-list-heading" className="text-xl font-semibold">
            All coupons
          </h2>
          {list}
        </section>
        <CouponForm products={products} />
      </div>
    </div>
  );
}
