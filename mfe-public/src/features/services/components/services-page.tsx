/**
 * `/services`: the consulting catalogue (docs/behaviour/public-site-and-catalogue.md#services) from `GET
 * /api/products`.
 */
import { Link } from 'react-router-dom';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ButtonLink,
  Card,
  HydrateLater,
  pressRegion,
  SITE_NAME,
  Skeleton,
  SkeletonBars,
  useCart,
  useDocumentTitle,
  useHydrated,
} from '@platform/ui';
import { ArrowLeftIcon, RotateCwIcon, ShoppingCartIcon, TriangleAlertIcon } from 'lucide-react';
import { useProducts } from '../api/list-products';
import { ProductCard } from './product-card';

/** The product list of the first view: a press in it before its cards are hydrated is held. */
const SERVICES_LIST_ID = 'services-list';

function ViewCartLink() {
  const storedCount = useCart((state) => state.getTotalItems());
  // The stored cart is the browser's: the prerendered page shows it once hydrated.
  const count = useHydrated() ? storedCount : 0;
  return (
    <Button asChild variant="outline">
      <Link to="/cart">
        <ShoppingCartIcon aria-hidden="true" />
        View Cart
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="ml-1 inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums"
        >
          {count}
        </span>
        <span className="sr-only">({count === 1 ? '1 item' : `${count} items`})</span>
      </Link>
    </Button>
  );
}

function ProductGridSkeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading services…
      </p>
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index} className="overflow-hidden" aria-hidden="true">
          <Skeleton className="aspect-[16/10] rounded-none sm:aspect-[4/3]" />
          <div className="space-y-3 p-5">
            <SkeletonBars sizes={['h-5 w-24', 'h-6 w-3/4', 'h-16 w-full', 'h-10 w-full']} />
          </div>
        </Card>
      ))}
    </>
  );
}

export function ServicesPage() {
  useDocumentTitle(`Consulting Services | ${SITE_NAME}`);
  const products = useProducts();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10 space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ButtonLink to="/" icon={ArrowLeftIcon} variant="ghost" className="-ml-3">
          Back to Home
        </ButtonLink>
        <ViewCartLink />
      </div>

      <header className="max-w-2xl space-y-3">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Consulting services</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Hands-on help for your restaurant
        </h1>
        <p className="text-base text-muted-foreground sm:text-lg">
          One consultation, with menu, staff and marketing work included. Built on years of running a
          restaurant, not on theory.
        </p>
      </header>

      {products.isError ? (
        <Alert variant="destructive" className="py-4">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>We couldn&apos;t load the services</AlertTitle>
          <AlertDescription className="text-foreground">
            <p>Please check your connection and try again.</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => void products.refetch()}
              disabled={products.isFetching}
            >
              <RotateCwIcon className={products.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
              {products.isFetching ? 'Retrying…' : 'Try again'}
            </Button>
          </AlertDescription>
        </Alert>
      ) : products.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <ProductGridSkeleton />
        </div>
      ) : (
        <ul
          {...pressRegion(SERVICES_LIST_ID)}
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          aria-label="Services"
        >
          {products.data.products.map((product, index) => (
            <li key={product.id}>
              {/* Each card hydrates in a task of its own on the first view (docs/decisions.md, 101), and
                  an 'Add to Cart' pressed before then is held and given again once it is (115). */}
              <HydrateLater near={SERVICES_LIST_ID}>
                <ProductCard product={product} eager={index === 0} />
              </HydrateLater>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
