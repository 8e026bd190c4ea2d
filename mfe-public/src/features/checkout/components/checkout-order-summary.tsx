/** The checkout's order summary: lines, totals, the purchase button and the trust badges. */
import type { ReactNode } from 'react';
import { Skeleton } from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import { OrderSummaryCard, SummaryLine } from '../../../components/order-summary-card';
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
    <OrderSummaryCard
      contentClassName="space-y-4"
      footerClassName="flex-col items-stretch gap-4"
      footer={
        <>
          {children}
          <TrustBadges />
        </>
      }
    >
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
        <SummaryLine term="Subtotal">{isPricing ? '…' : formatMoney(totals.subtotal)}</SummaryLine>
        {!isPricing && totals.discount > 0 ? (
          <SummaryLine term="Discount" look="discount">
            -{formatMoney(totals.discount)}
          </SummaryLine>
        ) : null}
        {!isPricing && coupon ? (
          <SummaryLine term={coupon.label} look="discount" testId="checkout-coupon-line">
            -{formatMoney(coupon.amount)}
          </SummaryLine>
        ) : null}
        <SummaryLine term="Total" look="total" valueTestId="checkout-total">
          {isPricing ? '…' : formatMoney(total)}
        </SummaryLine>
      </dl>
      {priceNote ? <p className="text-xs text-muted-foreground">{priceNote}</p> : null}
    </OrderSummaryCard>
  );
}
