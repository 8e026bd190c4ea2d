/**
 * `/cart` (docs/behaviour/public-site-and-catalogue.md#cart; docs/decisions.md, 3–4): reads the persisted
 * cart only, no network calls.
 */
import { ButtonLink, Card, useCart, useDocumentTitle } from '@platform/ui';
import { ArrowLeftIcon, ShoppingCartIcon } from 'lucide-react';
import { formatItemCount, getCartSummary } from '../lib/cart-summary';
import { CartRow } from './cart-row';
import { OrderSummary } from './order-summary';
import { IconNoticePage } from '../../../components/icon-notice-page';

function EmptyCart() {
  return (
    <IconNoticePage
      icon={ShoppingCartIcon}
      title="Your cart is empty"
      linkTo="/"
      linkLabel="Continue Shopping"
    >
      Add some courses to get started with your restaurant management journey
    </IconNoticePage>
  );
}

export function CartPage() {
  const items = useCart((state) => state.items);
  const clearCart = useCart((state) => state.clearCart);
  const summary = getCartSummary(items);

  useDocumentTitle(
    items.length === 0
      ? 'Shopping Cart - Restaurant Management Course'
      : `Shopping Cart (${summary.itemCount})`,
  );

  if (items.length === 0) return <EmptyCart />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10 space-y-6">
      <ButtonLink to="/services" icon={ArrowLeftIcon} variant="ghost" className="-ml-3">
        Continue Shopping
      </ButtonLink>
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Shopping Cart</h1>
        <p className="mt-1 text-muted-foreground" data-testid="cart-count-text">
          {formatItemCount(summary.itemCount)} in your cart
        </p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border" aria-label="Items in your cart">
            {items.map((item) => (
              <CartRow key={item.id} item={item} />
            ))}
          </ul>
        </Card>
        <OrderSummary summary={summary} onClear={clearCart} />
      </div>
    </div>
  );
}
