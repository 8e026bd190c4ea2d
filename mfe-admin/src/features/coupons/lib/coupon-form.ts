/**
 * The coupon form as the admin fills it, read into the API's request (amounts in cents through the one
 * money parser, dates from the admin's local time), and how the list describes a coupon.
 */
import type { Coupon, CreateCouponRequest } from '@platform/contracts';
import { formatMoney, parseMoneyInput } from '@platform/contracts/format';

export type CouponKind = 'percent' | 'amount';

export interface CouponFormValues {
  code: string;
  kind: CouponKind;
  percentOff: string;
  amountOff: string;
  productIds: string[];
  /** `datetime-local` values: the admin's local time, or ''. */
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  oncePerCustomer: boolean;
}

export const COUPON_FIELDS = [
  'code',
  'percentOff',
  'amountOff',
  'startsAt',
  'endsAt',
  'maxRedemptions',
] as const;
export type CouponField = (typeof COUPON_FIELDS)[number];

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  productIds: [],
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  oncePerCustomer: false,
};

export const COUPONS_COPY = {
  title: 'Coupons',
  description:
    'Codes buyers type at checkout. A percentage or an amount off one-time products (never membership plans); the server prices every order.',
  empty: 'No coupons yet',
  emptyHint: 'Create the first one with the form.',
  failed: 'The coupons could not be loaded.',
  created: 'Coupon created',
  createFailed: 'The coupon could not be created. Please try again.',
} as const;

/** The request, or the field whose text cannot be read (with why). */
export function toCouponRequest(
  values: CouponFormValues,
): { ok: true; request: CreateCouponRequest } | { ok: false; field: CouponField; message: string } {
  const request: CreateCouponRequest = { code: values.code.trim() };
  if (values.kind === 'percent') {
    const percent = Number(values.percentOff.trim());
    if (!/^\d+$/.test(values.percentOff.trim()))
      return {
        ok: false,
        field: 'percentOff',
        message: 'The percentage off must be a whole number from 1 to 100.',
      };
    request.percentOff = percent;
  } else {
    const read = parseMoneyInput(values.amountOff);
    if (!read.ok) return { ok: false, field: 'amountOff', message: read.message };
    request.amountOff = read.cents;
  }
  if (values.productIds.length > 0) request.productIds = values.productIds;
  if (values.startsAt) request.startsAt = new Date(values.startsAt).toISOString();
  if (values.endsAt) request.endsAt = new Date(values.endsAt).toISOString();
  const max = values.maxRedemptions.trim();
  if (max) {
    if (!/^\d+$/.test(max))
      return { ok: false, field: 'maxRedemptions', message: 'The number of uses must be a whole number.' };
    request.maxRedemptions = Number(max);
  }
  if (values.oncePerCustomer) request.oncePerCustomer = true;
  return { ok: true, request };
}

export function describeDiscount(coupon: Pick<Coupon, 'percentOff' | 'amountOff'>): string {
  return coupon.percentOff !== null
    ? `${coupon.percentOff}% off`
    : `${formatMoney(coupon.amountOff ?? 0)} off`;
}

export function describeUses(coupon: Pick<Coupon, 'redemptions' | 'maxRedemptions'>): string {
  return coupon.maxRedemptions === null
    ? `${coupon.redemptions} used`
    : `${coupon.redemptions} of ${coupon.maxRedemptions} used`;
}

/** 'Active', 'Starts …', 'Ended …' or 'Used up' at `now`. */
export function couponState(
  coupon: Pick<Coupon, 'startsAt' | 'endsAt' | 'redemptions' | 'maxRedemptions'>,
  now: Date,
): 'active' | 'scheduled' | 'ended' | 'used-up' {
  if (coupon.endsAt && Date.parse(coupon.endsAt) <= now.getTime()) return 'ended';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'used-up';
  if (coupon.startsAt && Date.parse(coupon.startsAt) > now.getTime()) return 'scheduled';
  return 'active';
}

/** A time the same instant whichever way it is written (null for none). */
const instant = (value: string | null | undefined) => (value ? Date.parse(value) : null);

/**
 * Whether `coupon` is the one `request` creates: the same code (in any case) and the same terms. A coupon
 * whose answer was lost on poor Wi-Fi, or pressed again after that and refused as a code that exists, is
 * then told as created.
 */
export function isSameCoupon(coupon: Coupon, request: CreateCouponRequest): boolean {
  const products = (ids: readonly string[] | undefined) => [...(ids ?? [])].sort().join(',');
  return (
    coupon.code.toUpperCase() === request.code.trim().toUpperCase() &&
    coupon.percentOff === (request.percentOff ?? null) &&
    coupon.amountOff === (request.amountOff ?? null) &&
    products(coupon.productIds) === products(request.productIds) &&
    instant(coupon.startsAt) === instant(request.startsAt) &&
    instant(coupon.endsAt) === instant(request.endsAt) &&
    coupon.maxRedemptions === (request.maxRedemptions ?? null) &&
    coupon.oncePerCustomer === (request.oncePerCustomer ?? false)
  );
}
