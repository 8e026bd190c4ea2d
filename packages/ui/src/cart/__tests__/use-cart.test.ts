import { describe, expect, it } from '@jest/globals';
import { createJSONStorage } from 'zustand/middleware';
import type { StateStorage } from 'zustand/middleware';
import { CART_STORAGE_KEY, createCartStore } from '../use-cart';
import type { CartItemInput } from '../cart-rules';

/** A localStorage stand-in: the same synchronous string API, kept in a Map. */
function createMemoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const storage: StateStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
  return { storage, values };
}

function createTestCart(initial?: Record<string, string>) {
  const memory = createMemoryStorage(initial);
  const store = createCartStore(createJSONStorage(() => memory.storage));
  return { store, values: memory.values };
}

const course: CartItemInput = { id: 'course', name: 'Restaurant Management Course', price: 69700 };
const consultation: CartItemInput = {
  id: 'restaurant-consultation',
  name: 'Restaurant Consultation',
  price: 697,
  category: 'consulting',
};

describe('cart', () => {
  it('adding the same item twice gives one line with quantity 2', () => {
    const { store } = createTestCart();
    store.getState().addItem(course);
    store.getState().addItem(course);
    expect(store.getState().items).toEqual([{ ...course, quantity: 1 + 1 }]);
  });

  it('a new item starts at quantity 1, even when the caller passes another quantity', () => {
    const { store } = createTestCart();
    store.getState().addItem({ ...consultation, quantity: 5 });
    expect(store.getState().items).toEqual([{ ...consultation, quantity: 1 }]);
  });

  it('setting a quantity changes it; 0 or less removes the line', () => {
    const { store } = createTestCart();
    store.getState().addItem(course);
    store.getState().addItem(consultation);
    store.getState().updateQuantity(course.id, 3);
    expect(store.getState().items.find((line) => line.id === course.id)?.quantity).toBe(3);

    store.getState().updateQuantity(course.id, 0);
    expect(store.getState().items.map((line) => line.id)).toEqual([consultation.id]);

    store.getState().updateQuantity(consultation.id, -1);
    expect(store.getState().items).toEqual([]);
  });

  it('remove deletes only that line and clear empties the cart', () => {
    const { store } = createTestCart();
    store.getState().addItem(course);
    store.getState().addItem(consultation);
    store.getState().removeItem(course.id);
    expect(store.getState().items.map((line) => line.id)).toEqual([consultation.id]);
    store.getState().addItem(course);
    store.getState().clearCart();
    expect(store.getState().items).toEqual([]);
  });

  it('counts items and totals the charged price in cents', () => {
    const { store } = createTestCart();
    expect(store.getState().getTotalItems()).toBe(0);
    expect(store.getState().getTotalPrice()).toBe(0);
    store.getState().addItem({ ...course, compareAtPrice: 29700 });
    store.getState().addItem(course);
    store.getState().addItem(consultation);
    expect(store.getState().getTotalItems()).toBe(3);
    expect(store.getState().getTotalPrice()).toBe(2 * 69700 + 697);
  });

  it('every change is stored under restaurant-consultant-cart as { state: { items }, version: 0 }', () => {
    const { store, values } = createTestCart();
    store.getState().addItem(course);
    expect(JSON.parse(values.get(CART_STORAGE_KEY) ?? 'null')).toEqual({
      state: { items: [{ ...course, quantity: 1 }] },
      version: 0,
    });
    store.getState().updateQuantity(course.id, 4);
    expect(JSON.parse(values.get(CART_STORAGE_KEY) ?? 'null').state.items[0].quantity).toBe(4);
    store.getState().clearCart();
    expect(JSON.parse(values.get(CART_STORAGE_KEY) ?? 'null')).toEqual({ state: { items: [] }, version: 0 });
  });

  it('a new store restores the stored cart', () => {
    const saved = { state: { items: [{ ...consultation, quantity: 2 }] }, version: 0 };
    const { store } = createTestCart({ [CART_STORAGE_KEY]: JSON.stringify(saved) });
    expect(store.getState().items).toEqual([{ ...consultation, quantity: 2 }]);
    expect(store.getState().getTotalItems()).toBe(2);
  });
});
