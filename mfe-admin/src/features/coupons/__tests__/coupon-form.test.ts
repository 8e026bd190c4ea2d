/** The coupon form's reading into the API request, and the list's words. */
import { describe, expect, it } from '@jest/globals';
import {
  EMPTY_COUPON_FORM,
  couponState,
  describeDiscount,
  describeUses,
  isSameCoupon,
  toCouponRequest,
} from '../lib/coupon-form';

describe('the coupon form', () => {
  it('reads a percentage, or an amount in dollars and cents as typed, into the request', () => {
    expect(toCouponRequest({ ...EMPTY_COUPON_FORM, code: ' spring ', percentOff: '25' })).toEqual({
      ok: true,
      request: { code: 'spring', percentOff: 25 },
    });
    expect(
      toCouponRequest({
        ...EMPTY_COUPON_FORM,
        code: 'TAKE50',
        kind: 'amount',
        amountOff: '$1,050.75',
        productIds: ['restaurant-management-course'],
        maxRedemptions: '10',
        oncePerCustomer: true,
      }),
    ).toEqual({
      ok: true,
      request: {
        code: 'TAKE50',
        amountOff: 105075,
        productIds: ['restaurant-management-course'],
        maxRedemptions: 10,
        oncePerCustomer: true,
      },
    });
  });

  it('refuses what it cannot read, naming the field', () => {
    expect(toCouponRequest({ ...EMPTY_COUPON_FORM, code: 'A1B', percentOff: '12.5' })).toMatchObject({
      ok: false,
      field: 'percentOff',
    });
    expect(
      toCouponRequest({ ...EMPTY_COUPON_FORM, code: 'A1B', kind: 'amount', amountOff: '10.505' }),
    ).toMatchObject({ ok: false, field: 'amountOff' });
    expect(
      toCouponRequest({ ...EMPTY_COUPON_FORM, code: 'A1B', percentOff: '5', maxRedemptions: 'ten' }),
    ).toMatchObject({ ok: false, field: 'maxRedemptions' });
  });

  it('describes a coupon for the list', () => {
    expect(describeDiscount({ percentOff: 15, amountOff: null })).toBe('15% off');
    expect(describeDiscount({ percentOff: null, amountOff: 10000 })).toBe('$100.00 off');
    expect(describeUses({ redemptions: 2, maxRedemptions: null })).toBe('2 used');
    expect(describeUses({ redemptions: 2, maxRedemptions: 5 })).toBe('2 of 5 used');
    const now = new Date('2030-03-01T10:00:00Z');
    const base = { startsAt: null, endsAt: null, redemptions: 0, maxRedemptions: null };
    expect(couponState(base, now)).toBe('active');
    expect(couponState({ ...base, endsAt: '2030-03-01T10:00:00Z' }, now)).toBe('ended');
    expect(couponState({ ...base, startsAt: '2030-03-02T00:00:00Z' }, now)).toBe('scheduled');
    expect(couponState({ ...base, redemptions: 3, maxRedemptions: 3 }, now)).toBe('used-up');
  });
});

describe('a coupon found after a lost answer', () => {
  const stored = {
    id: '6f1c2a52-8a0e-4c1e-9d4a-1b2c3d4e5f60',
    code: 'SPRING',
    percentOff: 20,
    amountOff: null,
    productIds: ['course', 'consultation'],
    startsAt: '2026-03-01T08:00:00.000Z',
    endsAt: null,
    maxRedemptions: 50,
    oncePerCustomer: false,
    redemptions: 0,
    createdAt: '2026-02-01T08:00:00.000Z',
  };

  it('is the one the request creates when code (in any case) and terms are the same', () => {
    const request = {
      code: 'spring',
      percentOff: 20,
      productIds: ['consultation', 'course'],
      startsAt: '2026-03-01T09:00:00+01:00',
      maxRedemptions: 50,
    };
    expect(isSameCoupon(stored, request)).toBe(true);
    expect(isSameCoupon(stored, { ...request, percentOff: 10 })).toBe(false);
    expect(isSameCoupon(stored, { ...request, maxRedemptions: undefined })).toBe(false);
    expect(isSameCoupon(stored, { ...request, oncePerCustomer: true })).toBe(false);
  });
});
