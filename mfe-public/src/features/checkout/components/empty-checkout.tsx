/** The checkout with nothing to buy (docs/behaviour/checkout-and-payments.md#checkout-page). */
import { Link } from 'react-router-dom';
import { Button, Card } from '@platform/ui';
import { ShoppingCartIcon } from 'lucide-react';

export function EmptyCheckout() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <Card className="mx-auto max-w-xl px-6 py-14 text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <ShoppingCartIcon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">Your cart is empty</h1>
        <p className="mx-auto mt-2 max-w-sm text-muted-foreground">
          Choose a service or the course before checking out.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/services">View Services</Link>
        </Button>
      </Card>
    </div>
  );
}
