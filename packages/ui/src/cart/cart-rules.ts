/**
 * The cart's rules (docs/behaviour/public-site-and-catalogue.md#cart) as pure functions over the list of
 * lines.
 */

export type CartItem = {
  id: string;
  name: string;
  /** Charged price of one unit, in cents. */
  price: number;
  quantity: number;
  category?: string;
  image?: string;
  /** Struck-through "was" price, in cents (display only). */
  compareAtPrice?: number | null;
  includes?: { courseId: number; courseTitle: string; lessons: number; sections: number } | null;
  badge?: string | null;
};

/** What `addItem` takes: a line without its quantity (a passed quantity is ignored: new lines start at 1). */
export type CartItemInput = Omit<CartItem, 'quantity'> & { quantity?: number };

/** An id already in the cart gains 1; a new id is appended with quantity 1. */
export function addCartItem(items: readonly CartItem[], item: CartItemInput): CartItem[] {
  if (items.some((line) => line.id === item.id)) {
    return items.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + 1 } : line));
  }
  return [...items, { ...item, quantity: 1 }];
}

export function removeCartItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((line) => line.id !== id);
}

/** A quantity of 0 or less removes the line. */
export function setCartItemQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeCartItem(items, id);
  return items.map((line) => (line.id === id ? { ...line, quantity } : line));
}

export function countCartItems(items: readonly CartItem[]): number {
  return items.reduce((total, line) => total + line.quantity, 0);
}

/** Total in cents at the charged price (never the compare-at price). */
export function sumCartPrice(items: readonly CartItem[]): number {
  return items.reduce((total, line) => total + line.price * line.quantity, 0);
}
