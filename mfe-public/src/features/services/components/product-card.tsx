import { Link } from 'react-router-dom';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  toast,
  useCart,
} from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import { ShoppingCartIcon } from 'lucide-react';
import type { Product } from '../api/list-products';
import { capitalizeCategory, isPurchasable } from '../lib/product-display';

type ProductCardProps = { product: Product; eager?: boolean };

export function ProductCard({ product, eager = false }: ProductCardProps) {
  const addItem = useCart((state) => state.addItem);
  const purchasable = isPurchasable(product);

  const addToCart = () => {
    addItem({
      id: product.id,
      name: product.name,
      price: product.price,
      compareAtPrice: product.compareAtPrice,
      category: product.category,
      image: product.image,
      includes: product.includes,
      badge: product.badge,
    });
    toast({ title: 'Added to cart', description: `${product.name} is in your cart.` });
  };

  return (
    <Card className="group flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      <div className="relative aspect-[16/10] overflow-hidden bg-muted sm:aspect-[4/3]">
        <img
          src={product.image}
          alt={product.name}
          width={640}
          height={480}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        {product.badge ? <Badge className="absolute top-3 left-3 shadow">{product.badge}</Badge> : null}
      </div>
      <CardHeader className="gap-2 p-5">
        <div className="flex items-center justify-between gap-2">
          <Badge variant="outline">{capitalizeCategory(product.category)}</Badge>
          <Badge variant={purchasable ? 'default' : 'success'} className="text-sm">
            {purchasable ? formatMoney(product.price) : 'Included'}
          </Badge>
        </div>
        <CardTitle asChild>
          <h2 className="text-lg">{product.name}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1 px-5 pb-5">
        <p className="text-sm leading-relaxed text-muted-foreground">{product.description}</p>
        {purchasable && product.compareAtPrice && product.compareAtPrice > product.price ? (
          <p className="mt-3 text-sm">
            <span className="sr-only">Regular price </span>
            <s className="text-muted-foreground">{formatMoney(product.compareAtPrice)}</s>{' '}
            <span className="font-semibold">{formatMoney(product.price)}</span>
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="px-5 pb-5">
        {purchasable ? (
          <Button className="w-full" onClick={addToCart}>
            <ShoppingCartIcon aria-hidden="true" />
            Add to Cart
            <span className="sr-only">: {product.name}</span>
          </Button>
        ) : (
          <Button asChild variant="outline" className="w-full">
            <Link to="/consultation">
              Learn More<span className="sr-only"> about {product.name}</span>
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
