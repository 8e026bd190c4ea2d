/**
 * What the provider adapters' tests share: the orders the checkout hands an adapter, and the fake provider
 * API each suite runs the adapter against.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import type { CheckoutOrder } from '../providers/payment-provider.js';
import type { FakeProviderApi } from '../providers/__tests__/recording-server.js';

/** A guest buying the course and three menu reviews, in cents. */
export const COURSE_ORDER: Omit<CheckoutOrder, 'id'> = {
  lines: [
    {
      productId: 'restaurant-management-course',
      name: 'Restaurant Management Course',
      unitPrice: 69700,
      quantity: 1,
    },
    { productId: 'menu-review', name: 'Menu Review', unitPrice: 1999, quantity: 3 },
  ],
  total: 69700 + 3 * 1999,
  currency: 'USD',
  customerEmail: 'guest@bistro.example',
  customerName: 'Julia Child',
};

/**
 * A suite's orders: each call a new order like `base`, with the next id of the series `idPrefix` (the
 * first four groups of a UUID) and the fields `overrides` gives.
 */
export function orderSeries(
  idPrefix: string,
  base: Omit<CheckoutOrder, 'id'> = COURSE_ORDER,
): (overrides?: Partial<CheckoutOrder>) => CheckoutOrder {
  let count = 0;
  return (overrides = {}) => {
    count += 1;
    return { id: `${idPrefix}-${String(count).padStart(12, '0')}`, ...base, ...overrides };
  };
}

/**
 * A fake provider API (`Api`) for the whole suite: it listens before the tests and `started` receives it;
 * it is closed after them, and the requests it recorded are forgotten before each test.
 */
export function useFakeProviderApi<T extends FakeProviderApi>(
  Api: new () => T,
  started: (api: T) => void,
): void {
  let api: T | undefined;
  beforeAll(async () => {
    api = new Api();
    await api.listen();
    started(api);
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    api!.server.requests.length = 0;
  });
}
