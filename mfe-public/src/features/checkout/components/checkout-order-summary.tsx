/** The checkout's order summary: lines, totals, the purchase button and the trust badges. */
import type { ReactNode } from 'react';
import { AsideCard, CardContent, CardFooter, Skeleton } from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import type { CheckoutLineView, CheckoutTotals } from '../lib/checkout-lines';
import { TrustBadges } from './trust-badges';

type CheckoutOrderSummaryProps = {
  lines: readonly CheckoutLineView[];
  totals: CheckoutTotals;
  isPricing: boolean;
  /** Shown when the catalogue did not answer: the prices are the cart's and the server's decide. */
  priceNote: string | null;
  /** The applied coupon's line as the server priced it, and the total it charges. */
  coupon: { label: string; amount: number; total: number } | null;
  /** The coupon code field. */
  couponField: ReactNode;
  children: ReactNode;
};

export function CheckoutOrderSummary({
  lines,
  totals,
  isPricing,
  priceNote,
  coupon,
  couponField,
  children,
}: CheckoutOrderSummaryProps) {
  const total = coupon ? coupon.total : totals.total;
  return (
    <AsideCard title="Order Summary">
      <CardContent className="space-y-4">
        {couponField}
        <ul className="space-y-3" aria-label="Items in your order" data-testid="checkout-lines">
          {lines.map((line) => (
            <li key={line.id} className="flex items-start justify-between gap-4 text-sm">
              <span className="min-w-0">
                <span className="block font-medium">{line.name}</span>
                <span className="text-muted-foreground">Quantity: {line.quantity}</span>
              </span>
              <span className="shrink-0 text-right tabular-nums">
                {isPricing ? (
                  <Skeleton className="h-5 w-16" />
                ) : (
                  <>
                    <span className="block font-medium">{formatMoney(line.unitPrice * line.quantity)}</span>
                    {line.compareAtPrice !== null ? (
                      <span className="block text-muted-foreground">
                        <span className="sr-only">Regular price </span>
                        <s>{formatMoney(line.compareAtPrice * line.quantity)}</s>
                      </span>
                    ) : null}
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
        <dl className="space-y-2 border-t border-border pt-4 text-sm" data-testid="checkout-totals">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="tabular-nums">{isPricing ? '…' : formatMoney(totals.subtotal)}</dd>
          </div>
          {!isPricing && totals.discount > 0 ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Discount</dt>
              <dd className="font-medium text-success tabular-nums">-{formatMoney(totals.discount)}</dd>
            </div>
          ) : null}
          {!isPricing && coupon ? (
            <div className="flex justify-between gap-4" data-testid="checkout-coupon-line">
              <dt className="text-muted-foreground">{coupon.label}</dt>
              <dd className="font-medium text-success tabular-nums">-{formatMoney(coupon.amount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 border-t border-border pt-3 text-base font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="checkout-total">
              {isPricing ? '…' : formatMoney(total)}
            </dd>
          </div>
        </dl>
        {priceNote ? <p className="text-xs text-muted-foreground">{priceNote}</p> : null}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-4">
        {children}
        <TrustBadges />
      </CardFooter>
    </AsideCard>
  );
}
