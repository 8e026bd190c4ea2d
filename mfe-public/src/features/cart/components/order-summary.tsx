import { Button, ButtonLink } from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import { CircleCheckIcon, LockIcon } from 'lucide-react';
import { OrderSummaryCard, SummaryLine } from '../../../components/order-summary-card';
import type { CartSummary } from '../lib/cart-summary';

const GUARANTEES = [
  '30-day money-back guarantee',
  'Instant access after purchase',
  'Watch the video lessons any time',
];

type OrderSummaryProps = { summary: CartSummary; onClear: () => void };

export function OrderSummary({ summary, onClear }: OrderSummaryProps) {
  return (
    <OrderSummaryCard
      footerClassName="flex-col gap-3"
      footer={
        <>
          <ButtonLink to="/checkout" icon={LockIcon} size="lg" className="w-full">
            Proceed to Checkout
          </ButtonLink>
          <Button variant="outline" className="w-full" onClick={onClear}>
            Clear Cart
          </Button>
          <ul className="w-full space-y-2 pt-2 text-sm text-muted-foreground" aria-label="Our guarantees">
            {GUARANTEES.map((guarantee) => (
              <li key={guarantee} className="flex items-center gap-2">
                <CircleCheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
                {guarantee}
              </li>
            ))}
          </ul>
        </>
      }
    >
      <dl className="space-y-3 text-sm" data-testid="order-summary">
        <SummaryLine term="Subtotal" valueTestId="subtotal">
          {formatMoney(summary.subtotal)}
        </SummaryLine>
        {summary.discount > 0 ? (
          <SummaryLine term="Discount" look="discount" valueTestId="discount">
            -{formatMoney(summary.discount)}
          </SummaryLine>
        ) : null}
        <SummaryLine term="Total" look="total" valueTestId="total">
          {formatMoney(summary.total)}
        </SummaryLine>
      </dl>
    </OrderSummaryCard>
  );
}
