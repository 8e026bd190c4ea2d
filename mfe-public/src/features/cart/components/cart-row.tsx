import { Badge, Button, useCart } from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import type { CartItem } from '@platform/ui';
import { BookOpenIcon, MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { getCompareAtPrice, getDecreasedQuantity, getLineTotal } from '../lib/cart-summary';

export function CartRow({ item }: { item: CartItem }) {
  const updateQuantity = useCart((state) => state.updateQuantity);
  const removeItem = useCart((state) => state.removeItem);
  const compareAt = getCompareAtPrice(item);

  return (
    <li className="flex gap-4 p-4 sm:gap-5 sm:p-5" data-testid="cart-row">
      {item.image ? (
        <img
          src={item.image}
          alt=""
          width={96}
          height={96}
          className="size-20 shrink-0 rounded-lg bg-muted object-cover sm:size-24"
        />
      ) : (
        <span className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground sm:size-24">
          <BookOpenIcon className="size-8" aria-hidden="true" />
        </span>
      )}

      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold leading-snug">{item.name}</h2>
            {item.badge ? <Badge variant="warning">{item.badge}</Badge> : null}
          </div>
          {item.includes ? (
            <>
              <p className="text-sm text-muted-foreground">Complete Restaurant Management Course</p>
              <p className="text-sm text-muted-foreground">
                {item.includes.lessons} lessons • {item.includes.sections} sections
              </p>
            </>
          ) : null}

          <div className="flex items-center gap-3 pt-1">
            <div
              className="inline-flex items-center rounded-md border border-input"
              role="group"
              aria-label={`Quantity of ${item.name}`}
            >
              <Button
                variant="ghost"
                size="icon"
                className="size-9 rounded-r-none"
                aria-label={`Decrease quantity of ${item.name}`}
                disabled={item.quantity <= 1}
                onClick={() => updateQuantity(item.id, getDecreasedQuantity(item.quantity))}
              >
                <MinusIcon aria-hidden="true" />
              </Button>
              <output
                className="w-10 text-center text-sm font-semibold tabular-nums"
                aria-live="polite"
                data-testid="quantity"
              >
                {item.quantity}
              </output>
              <Button
                variant="ghost"
                size="icon"
                className="size-9 rounded-l-none"
                aria-label={`Increase quantity of ${item.name}`}
                onClick={() => updateQuantity(item.id, item.quantity + 1)}
              >
                <PlusIcon aria-hidden="true" />
              </Button>
            </div>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              aria-label={`Remove ${item.name}`}
              onClick={() => removeItem(item.id)}
            >
              <Trash2Icon aria-hidden="true" />
              <span className="hidden sm:inline">Remove</span>
            </Button>
          </div>
        </div>

        <div className="flex items-baseline gap-2 sm:flex-col sm:items-end sm:gap-1">
          <p className="text-lg font-bold tabular-nums" data-testid="line-price">
            {formatMoney(getLineTotal(item))}
          </p>
          {compareAt !== null ? (
            <p className="text-sm text-muted-foreground tabular-nums">
              <span className="sr-only">Regular price </span>
              <s>{formatMoney(compareAt * item.quantity)}</s>
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}
