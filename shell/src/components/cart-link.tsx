/**
 * The header's way to the cart, with the number of items in it (the cart store every remote shares, so a
 * product added on any page counts at once): an icon with a count badge in the header bar, on a phone
 * too, so the count is seen without opening the menu. The name says the count ('Cart, 2 items'), for
 * screen readers.
 */
import { NavLink } from 'react-router-dom';
import { buttonVariants, cn, useCart, useHydrated } from '@platform/ui';
import { ShoppingCartIcon } from './icons';

export function describeCart(count: number): string {
  if (count === 0) return 'Cart, empty';
  return count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
}

function CountBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="header-cart-count"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs leading-5 font-semibold text-primary-foreground tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function CartLink({ className }: { className?: string }) {
  const storedCount = useCart((state) => state.getTotalItems());
  // The stored cart is the browser's: a prerendered page shows it once hydrated.
  const count = useHydrated() ? storedCount : 0;
  return (
    <NavLink
      to="/cart"
      end
      aria-label={describeCart(count)}
      className={({ isActive }) =>
        cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'relative',
          isActive && 'text-primary',
          className,
        )
      }
    >
      <ShoppingCartIcon className="size-5" />
      {count > 0 ? <CountBadge count={count} className="absolute -top-0.5 -right-0.5" /> : null}
    </NavLink>
  );
}
