/** `/checkout?product=<id>` for a product the catalogue does not sell (a mistyped or outdated link). */
import { Link } from 'react-router-dom';
import { Button, Card } from '@platform/ui';
import { PackageXIcon } from 'lucide-react';

export function UnknownProductCheckout() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <Card className="mx-auto max-w-xl px-6 py-14 text-center" data-testid="unknown-product">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <PackageXIcon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">Product not found</h1>
        <p className="mx-auto mt-2 max-w-sm text-muted-foreground">
          This link does not name anything we sell, or the offer has ended. Nothing has been charged. Please
          choose a program on the pricing page.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/pricing">View Pricing</Link>
        </Button>
      </Card>
    </div>
  );
}
