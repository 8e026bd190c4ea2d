import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PersistStorage } from 'zustand/middleware';
import { addCartItem, countCartItems, removeCartItem, setCartItemQuantity, sumCartPrice } from './cart-rules';
import type { CartItem, CartItemInput } from './cart-rules';

/** Where and in which format version the cart is kept (docs/behaviour/site-wide.md#browser-storage). */
export const CART_STORAGE_KEY = 'restaurant-consultant-cart';
export const CART_STORAGE_VERSION = 0;

export type CartState = {
  items: CartItem[];
  addItem: (item: CartItemInput) => void;
  removeItem: (id: string) => void;
  updateQuantity: (id: string, quantity: number) => void;
  clearCart: () => void;
  getTotalItems: () => number;
  /** In cents. */
  getTotalPrice: () => number;
};

type PersistedCart = Pick<CartState, 'items'>;

/**
 * A cart store kept under CART_STORAGE_KEY as `{ state: { items }, version: 0 }` and restored when it
 * is created. Tests pass their own storage; the app uses `useCart` (localStorage).
 */
export function createCartStore(
  storage: PersistStorage<PersistedCart> | undefined = createJSONStorage<PersistedCart>(() => localStorage),
) {
  return create<CartState>()(
    persist(
      (set, get) => ({
        items: [],
        addItem: (item) => set((state) => ({ items: addCartItem(state.items, item) })),
        removeItem: (id) => set((state) => ({ items: removeCartItem(state.items, id) })),
        updateQuantity: (id, quantity) =>
          set((state) => ({ items: setCartItemQuantity(state.items, id, quantity) })),
        clearCart: () => set({ items: [] }),
        getTotalItems: () => countCartItems(get().items),
        getTotalPrice: () => sumCartPrice(get().items),
      }),
      {
        name: CART_STORAGE_KEY,
        version: CART_STORAGE_VERSION,
        storage,
        partialize: (state): PersistedCart => ({ items: state.items }),
      },
    ),
  );
}

/** The cart of this browser: one store for the shell and every remote (@platform/ui is a singleton). */
export const useCart = createCartStore();
