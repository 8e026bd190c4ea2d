/**
 * Coupons (docs/behaviour/checkout-and-payments.md#coupons): the admin creates codes; a checkout names one
 * (`couponCode`) and the payment service prices it. Amounts in cents.
 */
import { z } from 'zod';
import { OrderLineSchema } from './orders.js';
import { isoDateTime, wholeNumberInRange } from '../fields.js';

export const COUPON_CODE_MESSAGE = 'A code is 3 to 32 letters, digits, dashes or underscores.';

/** Codes are compared upper-case: `spring-25` and `SPRING-25` are one code. */
export const CouponCodeSchema = z
  .string({ error: COUPON_CODE_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, COUPON_CODE_MESSAGE);

export const COUPON_MESSAGES = {
  unknown: (code: string) => `The code ${code} does not exist. Please check it and try again.`,
  notStarted: (code: string) => `The code ${code} is not valid yet.`,
  expired: (code: string) => `The code ${code} has expired.`,
  usedUp: (code: string) => `The code ${code} has been used as many times as it allows.`,
  usedByYou: (code: string) => `The code ${code} can be used once per customer, and you have used it.`,
  notApplicable: (code: string) => `The code ${code} does not apply to what you are buying.`,
  makesFree: (code: string) =>
    `The code ${code} would make this order free; please contact support to get it instead.`,
  duplicate: 'A coupon with this code exists already.',
  percentOrAmount: 'Give either a percentage off or an amount off, not both.',
  percentRange: 'The percentage off must be a whole number from 1 to 100.',
  amountRange: 'The amount off must be a whole number of cents from 1 to 10,000,000.',
  endsBeforeStart: 'The end must be after the start.',
  maxRedemptions: 'The number of redemptions must be a whole number from 1 to 1,000,000.',
  productIds: 'Each product id is lower-case letters, digits and dashes.',
  notDiscountable: (id: string) =>
    `${id} is not a one-time product that costs something, so no coupon can lower it.`,
  notFound: 'Coupon not found',
} as const;

const dateTime = (message: string) => z.iso.datetime({ offset: true, error: message });

export const CreateCouponRequestSchema = z
  .object({
    code: CouponCodeSchema,
    percentOff: wholeNumberInRange(1, 100, COUPON_MESSAGES.percentRange).optional(),
    amountOff: wholeNumberInRange(1, 10_000_000, COUPON_MESSAGES.amountRange).optional(),
    /** The products it lowers; absent or empty: every one-time product. */
    productIds: z
      .array(
        z
          .string({ error: COUPON_MESSAGES.productIds })
          .regex(/^[a-z0-9-]{1,80}$/, COUPON_MESSAGES.productIds),
        {
          error: COUPON_MESSAGES.productIds,
        },
      )
      .max(50, COUPON_MESSAGES.productIds)
      .optional(),
    startsAt: dateTime('startsAt must be a date and time with its offset.').optional(),
    endsAt: dateTime('endsAt must be a date and time with its offset.').optional(),
    maxRedemptions: wholeNumberInRange(1, 1_000_000, COUPON_MESSAGES.maxRedemptions).optional(),
    oncePerCustomer: z.boolean({ error: 'oncePerCustomer must be true or false.' }).optional(),
  })
  .superRefine((coupon, ctx) => {
    if ((coupon.percentOff === undefined) === (coupon.amountOff === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: COUPON_MESSAGES.percentOrAmount });
    }
    if (coupon.startsAt && coupon.endsAt && Date.parse(coupon.endsAt) <= Date.parse(coupon.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: COUPON_MESSAGES.endsBeforeStart });
    }
  });
export type CreateCouponRequest = z.input<typeof CreateCouponRequestSchema>;

export const CouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  /** Cents. */
  amountOff: z.number().int().nullable(),
  productIds: z.array(z.string()),
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
  maxRedemptions: z.number().int().nullable(),
  oncePerCustomer: z.boolean(),
  /** Paid orders that used it (a refund gives its use back). */
  redemptions: z.number().int().nonnegative(),
  createdAt: isoDateTime,
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponListSchema = z.object({
  coupons: z.array(CouponSchema),
  /** The products a coupon can name: the catalogue's one-time products that cost something. */
  products: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().int().positive() })),
});
export type CouponList = z.infer<typeof CouponListSchema>;

/** A code as a checkout body carries it; an empty one means none. */
export const OptionalCouponCodeSchema = z
  .union([z.literal(''), CouponCodeSchema], { error: COUPON_CODE_MESSAGE })
  .optional()
  .transform((code) => code || undefined);

/** `POST /api/checkout/quote`: what the checkout would cost, priced by the server. */
export const CheckoutQuoteSchema = z.object({
  lines: z.array(OrderLineSchema),
  /** Cents before the discount. */
  subtotal: z.number().int().nonnegative(),
  /** Cents taken off by the code. */
  discount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  coupon: z.object({ code: z.string(), label: z.string() }).nullable(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>;

/** How the summary, the receipt and the invoice name a discount: 'Discount (SPRING25, 25% off)'. */
export function couponLabel(coupon: { code: string; percentOff: number | null }): string {
  return coupon.percentOff === null
    ? `Discount (${coupon.code})`
    : `Discount (${coupon.code}, ${coupon.percentOff}% off)`;
}
