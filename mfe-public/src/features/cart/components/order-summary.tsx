import { Link } from 'react-router-dom';
import { AsideCard, Button, CardContent, CardFooter } from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import { CircleCheckIcon, LockIcon } from 'lucide-react';
import type { CartSummary } from '../lib/cart-summary';

const GUARANTEES = [
  '30-day money-back guarantee',
  'Instant access after purchase',
  'Watch the video lessons any time',
];

type OrderSummaryProps = { summary: CartSummary; onClear: () => void };

export function OrderSummary({ summary, onClear }: OrderSummaryProps) {
  return (
    <AsideCard title="Order Summary">
      <CardContent>
        <dl className="space-y-3 text-sm" data-testid="order-summary">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="tabular-nums" data-testid="subtotal">
              {formatMoney(summary.subtotal)}
            </dd>
          </div>
          {summary.discount > 0 ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Discount</dt>
              <dd className="font-medium text-success tabular-nums" data-testid="discount">
                -{formatMoney(summary.discount)}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 border-t border-border pt-3 text-base font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="total">
              {formatMoney(summary.total)}
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="flex-col gap-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/checkout">
            <LockIcon aria-hidden="true" />
            Proceed to Checkout
          </Link>
        </Button>
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
      </CardFooter>
    </AsideCard>
  );
}
