import { describe, expect, it } from '@jest/globals';
import { formatMoney } from '@platform/contracts/format';
import {
  COURSE_PRODUCT_ID,
  CreateCheckoutSessionRequestSchema,
  PaypalOrderRequestSchema,
} from '@platform/contracts';
import {
  getCheckoutTotals,
  getCoursePurchasePath,
  getCourseLine,
  getProductLine,
  priceCartLines,
  readCheckoutParams,
  toWalletAmount,
} from '../lib/checkout-lines';
import { rememberCheckoutKind, takeCheckoutKind } from '../lib/checkout-kind';
import { buildCheckoutSessionRequest, buildPaypalOrderRequest, chooseCardWindow } from '../lib/start-payment';
import { checkBilling, EMPTY_BILLING } from '../lib/validate-billing';
import type { BillingFormValues } from '../lib/validate-billing';

const COMPLETE: BillingFormValues = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  company: '',
  taxId: '',
  address: '12 Harbour Street',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  country: 'US',
};

describe('the checkout form is checked in the spec order', () => {
  it('names the first blank field, in the order First name … ZIP code', () => {
    const seen: string[] = [];
    let values: BillingFormValues = { ...EMPTY_BILLING };
    for (;;) {
      const check = checkBilling(values);
      if (check.ok || check.title !== 'Missing Information') break;
      seen.push(check.description);
      values = { ...values, [check.field]: COMPLETE[check.field] };
    }
    expect(seen).toEqual([
      'Please enter your first name.',
      'Please enter your last name.',
      'Please enter your email address.',
      'Please enter your address.',
      'Please enter your city.',
      'Please enter your state.',
      'Please enter your zip code.',
    ]);
  });

  it('treats a field of spaces as blank', () => {
    expect(checkBilling({ ...COMPLETE, city: '   ' })).toMatchObject({ ok: false, field: 'city' });
  });

  it('checks the e-mail pattern only once every required field is filled', () => {
    expect(checkBilling({ ...COMPLETE, email: 'maria@example', zip: '' })).toMatchObject({ field: 'zip' });
    expect(checkBilling({ ...COMPLETE, email: 'maria@example' })).toEqual({
      ok: false,
      field: 'email',
      title: 'Invalid Email',
      description: 'Please enter a valid email address.',
    });
  });

  it('accepts a complete form without a company, trimmed, with the default country', () => {
    const check = checkBilling({ ...COMPLETE, firstName: '  Maria ' });
    expect(check).toEqual({ ok: true, billing: { ...COMPLETE, firstName: 'Maria' } });
  });

  it('refuses a country that is not a two-letter code', () => {
    expect(checkBilling({ ...COMPLETE, country: '' })).toMatchObject({
      ok: false,
      field: 'country',
      description: 'Please choose your country.',
    });
  });
});

describe('what the checkout shows and sends', () => {
  const catalogue = [
    { id: 'restaurant-consultation', name: 'Restaurant Consultation', price: 69700, compareAtPrice: 99700 },
  ];

  it('reprices the cart from the catalogue, whatever the cart remembered', () => {
    const lines = priceCartLines(
      [{ id: 'restaurant-consultation', name: 'Old name', price: 1, quantity: 2, compareAtPrice: null }],
      catalogue,
    );
    expect(lines).toEqual([
      {
        id: 'restaurant-consultation',
        name: 'Restaurant Consultation',
        quantity: 2,
        unitPrice: 69700,
        compareAtPrice: 99700,
      },
    ]);
    expect(getCheckoutTotals(lines)).toEqual({
      itemCount: 2,
      subtotal: 199400,
      discount: 60000,
      total: 139400,
    });
  });

  it("keeps the cart's prices while the catalogue has not answered", () => {
    const lines = priceCartLines([{ id: 'x-1', name: 'X', price: 500, quantity: 1 }], undefined);
    expect(getCheckoutTotals(lines).total).toBe(500);
  });

  it('the course purchase is the course alone, once', () => {
    expect(getCourseLine({ title: 'Restaurant Management Mastery', price: 69700 })).toEqual({
      id: COURSE_PRODUCT_ID,
      name: 'Restaurant Management Mastery',
      quantity: 1,
      unitPrice: 69700,
      compareAtPrice: null,
    });
  });

  it('a single product is bought alone, once, at the catalogue price: $1,597.00 for a programme', () => {
    const line = getProductLine({
      id: 'self-implementation-program',
      name: 'Self-Implementation Program',
      price: 159700,
      compareAtPrice: null,
    });
    expect(line).toEqual({
      id: 'self-implementation-program',
      name: 'Self-Implementation Program',
      quantity: 1,
      unitPrice: 159700,
      compareAtPrice: null,
    });
    expect(getCheckoutTotals([line])).toEqual({ itemCount: 1, subtotal: 159700, discount: 0, total: 159700 });
    const monthly = getProductLine({
      id: 'membership-monthly',
      name: 'Monthly Membership',
      price: 2999,
      compareAtPrice: 2999,
    });
    // A list price no higher than the price is no discount.
    expect(monthly.compareAtPrice).toBeNull();
    expect(getCheckoutTotals([monthly]).total).toBe(2999);
    expect(formatMoney(getCheckoutTotals([monthly]).total)).toBe('$29.99');
    expect(formatMoney(getCheckoutTotals([line]).total)).toBe('$1,597.00');

    const check = checkBilling(COMPLETE);
    if (!check.ok) throw new Error('complete form refused');
    expect(
      CreateCheckoutSessionRequestSchema.parse(buildCheckoutSessionRequest(check.billing, [line])).items,
    ).toEqual([
      { id: 'self-implementation-program', name: 'Self-Implementation Program', price: 159700, quantity: 1 },
    ]);
  });

  it('sends bodies the payment service accepts, naming products by id', () => {
    const check = checkBilling(COMPLETE);
    if (!check.ok) throw new Error('complete form refused');
    const lines = priceCartLines(
      [{ id: 'restaurant-consultation', name: 'R', price: 69700, quantity: 1 }],
      catalogue,
    );

    const session = CreateCheckoutSessionRequestSchema.parse(
      buildCheckoutSessionRequest(check.billing, lines),
    );
    expect(session.items).toEqual([
      { id: 'restaurant-consultation', name: 'Restaurant Consultation', price: 69700, quantity: 1 },
    ]);
    expect(session.customer_email).toBe('maria@example.com');
    expect(session.customer_name).toBe('Maria Lopez');

    const wallet = PaypalOrderRequestSchema.parse(buildPaypalOrderRequest(check.billing, lines, 69700));
    expect(wallet).toMatchObject({ intent: 'CAPTURE', currency: 'USD', amount: 697 });
    expect(
      PaypalOrderRequestSchema.parse(buildPaypalOrderRequest(check.billing, lines, null)).amount,
    ).toBeUndefined();

    // The page's request id: Pay pressed again opens the same checkout.
    const requestId = '0b6f4c1e-5d2a-4c6b-9a51-3f2d8e7c1a90';
    expect(
      CreateCheckoutSessionRequestSchema.parse(
        buildCheckoutSessionRequest(check.billing, lines, undefined, requestId),
      ).requestId,
    ).toBe(requestId);
    expect(
      PaypalOrderRequestSchema.parse(
        buildPaypalOrderRequest(check.billing, lines, 69700, undefined, requestId),
      ).requestId,
    ).toBe(requestId);
    expect(buildCheckoutSessionRequest(check.billing, lines)).not.toHaveProperty('requestId');
  });

  it('rounds the wallet amount to cents in dollars', () => {
    expect(toWalletAmount(69700)).toBe(697);
    expect(toWalletAmount(139401)).toBe(1394.01);
  });
});

describe('where the checkout goes', () => {
  it('reads the course purchase, the method and the plan from the address', () => {
    expect(
      readCheckoutParams(new URLSearchParams('course=1&method=paypal&plan=self_implementation')),
    ).toEqual({
      isCoursePurchase: true,
      productId: null,
      method: 'paypal',
      plan: 'self_implementation',
    });
    expect(readCheckoutParams(new URLSearchParams('plan=<script>'))).toEqual({
      isCoursePurchase: false,
      productId: null,
      method: 'card',
      plan: null,
    });
    expect(
      readCheckoutParams(new URLSearchParams(getCoursePurchasePath({ plan: 'monthly' }).split('?')[1])),
    ).toMatchObject({
      isCoursePurchase: true,
      plan: 'monthly',
    });
  });

  it('reads a single product purchase, which wins over the course purchase', () => {
    expect(
      readCheckoutParams(
        new URLSearchParams('product=membership-monthly&method=paypal&plan=membership_monthly'),
      ),
    ).toEqual({
      isCoursePurchase: false,
      productId: 'membership-monthly',
      method: 'paypal',
      plan: 'membership_monthly',
    });
    expect(
      readCheckoutParams(new URLSearchParams('course=1&product=flexible-payments-program')),
    ).toMatchObject({ isCoursePurchase: false, productId: 'flexible-payments-program' });
    // Kept as typed: the catalogue says whether it is a product (an empty or odd id is 'not found').
    expect(readCheckoutParams(new URLSearchParams('product=')).productId).toBe('');
    expect(readCheckoutParams(new URLSearchParams('product=../../x')).productId).toBe('../../x');
  });

  it('opens the card page in a popup only for a real provider and a cart purchase', () => {
    expect(chooseCardWindow({ isDirectPurchase: false, testMode: false })).toBe('popup');
    expect(chooseCardWindow({ isDirectPurchase: true, testMode: false })).toBe('same');
    expect(chooseCardWindow({ isDirectPurchase: false, testMode: true })).toBe('same');
  });

  it('empties the cart after a cart checkout only, not after buying one thing alone', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    rememberCheckoutKind('direct', store);
    expect(takeCheckoutKind(store)).toBe('direct');
    // Read once: a later confirmation without a new checkout reads as a cart checkout.
    expect(takeCheckoutKind(store)).toBe('cart');
    rememberCheckoutKind('cart', store);
    expect(takeCheckoutKind(store)).toBe('cart');
    expect(takeCheckoutKind(null)).toBe('cart');
  });
});
